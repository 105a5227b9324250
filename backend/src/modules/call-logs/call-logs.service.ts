import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { CallLog } from './call-log.entity.js';

@Injectable()
export class CallLogsService {
  constructor(private readonly em: EntityManager) {}

  /** Voicemails nobody has opened yet, for the Phone System badge. */
  unreadVoicemails(): Promise<number> {
    return this.em.count(CallLog, { callType: 'voicemail', isRead: false });
  }
}
