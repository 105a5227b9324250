import { BadGatewayException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import type { Actor } from '../../common/auth/actor.js';
import { TwilioClients } from '../../integrations/twilio/twilio-clients.js';
import { TwilioAccountService } from '../organizations/twilio-account.service.js';
import { CallLogsService } from './call-logs.service.js';

export const RECORDING_FAILED = 'Failed to load recording. Please refresh the page and try again.';

/**
 * GET /api/call-logs/{id}/recording: the audio streamed through us from Twilio with the
 * organization's credentials, so the browser never sees a provider URL or a credential. `Range`
 * goes through both ways, so the player can seek.
 */
@Injectable()
export class RecordingsService {
  private readonly logger = new Logger(RecordingsService.name);

  constructor(
    private readonly callLogs: CallLogsService,
    private readonly twilioAccount: TwilioAccountService,
    private readonly clients: TwilioClients,
  ) {}

  async stream(actor: Actor, id: string, range: string | undefined, res: Response): Promise<void> {
    const log = await this.callLogs.get(actor, id);
    if (!log.recordingSid) throw new NotFoundException('This call has no recording');
    const credentials = await this.twilioAccount.credentials(actor.organizationId);
    if (!credentials) throw new BadGatewayException(RECORDING_FAILED);
    // Built from the SID and our own account, never from a URL a callback handed us.
    const uri = `https://api.twilio.com/2010-04-01/Accounts/${credentials.accountSid}/Recordings/${log.recordingSid}.wav`;
    let media;
    try {
      media = await this.clients.media(credentials, uri, range);
    } catch (error) {
      this.logger.warn(`Recording ${log.recordingSid}: Twilio unreachable: ${(error as Error).message}`);
      throw new BadGatewayException(RECORDING_FAILED);
    }
    if (media.status === 404) {
      media.body.resume();
      throw new NotFoundException('Recording not found at Twilio');
    }
    if (![200, 206, 416].includes(media.status)) {
      media.body.resume();
      this.logger.warn(`Recording ${log.recordingSid}: Twilio answered ${media.status}`);
      throw new BadGatewayException(RECORDING_FAILED);
    }
    res.status(media.status);
    res.setHeader('Content-Type', media.headers['content-type'] ?? 'audio/wav');
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Cache-Control', 'private, max-age=3600');
    for (const name of ['content-length', 'content-range'] as const) {
      if (media.headers[name]) res.setHeader(name, media.headers[name]!);
    }
    try {
      await pipeline(media.body, res);
    } catch (error) {
      // The listener went away (seek, page change): nothing to answer.
      this.logger.debug?.(`Recording stream ended early: ${(error as Error).message}`);
    }
  }
}
