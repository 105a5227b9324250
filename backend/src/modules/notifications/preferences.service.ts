import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { type ChannelFlags, LIVE_EVENT_TYPES, NOTIFICATION_CHANNELS, type NotificationChannel, catalogueEntry, defaultChannels } from './catalogue.js';
import type { UpdateNotificationPreferenceDto } from './dto/preference.dto.js';
import { NotificationPreference } from './notification-preference.entity.js';
import { NotificationEventComingSoonError, OneChannelFlagError, UnknownNotificationEventError } from './notifications.errors.js';

const PROPERTY: Record<NotificationChannel, 'inApp' | 'mobilePush' | 'browser' | 'sms' | 'email'> = {
  in_app: 'inApp',
  mobile_push: 'mobilePush',
  browser: 'browser',
  sms: 'sms',
  email: 'email',
};

export function flagsOf(row: NotificationPreference): ChannelFlags {
  return { in_app: row.inApp, mobile_push: row.mobilePush, browser: row.browser, sms: row.sms, email: row.email };
}

/** A user's channels per catalogue event: stored rows where set, the catalogue's defaults elsewhere. */
@Injectable()
export class PreferencesService {
  constructor(private readonly em: EntityManager) {}

  async list(actor: Actor): Promise<Array<{ eventType: string; flags: ChannelFlags }>> {
    const rows = await this.em.getRepository(NotificationPreference).ofUser(actor.id, LIVE_EVENT_TYPES);
    const stored = new Map(rows.map((r) => [r.eventType, flagsOf(r)]));
    return LIVE_EVENT_TYPES.map((eventType) => ({ eventType, flags: stored.get(eventType) ?? defaultChannels(eventType) }));
  }

  async update(actor: Actor, dto: UpdateNotificationPreferenceDto): Promise<{ eventType: string; flags: ChannelFlags }> {
    const entry = catalogueEntry(dto.event_type);
    if (!entry) throw new UnknownNotificationEventError(dto.event_type);
    if (entry.comingSoon) throw new NotificationEventComingSoonError(entry.label);
    const given = NOTIFICATION_CHANNELS.filter((channel) => dto[channel] !== undefined);
    if (given.length !== 1) {
      throw new OneChannelFlagError();
    }
    const channel = given[0];
    return this.em.transactional(async (tx) => {
      // Concurrent first saves of two toggles must not both insert: create the defaults row once, then lock it.
      const defaults = defaultChannels(entry.eventType);
      await tx.getRepository(NotificationPreference).ensure(actor.organizationId, actor.id, entry.eventType, defaults);
      const row = await tx.getRepository(NotificationPreference).lockedOf(actor.id, entry.eventType);
      row[PROPERTY[channel]] = dto[channel] as boolean;
      await tx.flush();
      return { eventType: entry.eventType, flags: flagsOf(row) };
    });
  }
}
