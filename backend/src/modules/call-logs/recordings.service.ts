import { Injectable, Logger } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import type { StreamedResponse } from '../../common/http/streamed-response.js';
import { fetchMedia } from '../../integrations/media/fetch-media.js';
import { RetellClients } from '../../integrations/retell/retell-clients.js';
import type { MediaResponse } from '../../integrations/twilio/base-url-request-client.js';
import { TwilioClients } from '../../integrations/twilio/twilio-clients.js';
import { TwilioAccountService } from '../organizations/twilio-account.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { CallHasNoRecordingError, RecordingGoneError, RecordingUnavailableError } from './call-logs.errors.js';
import { CallLogsService } from './call-logs.service.js';
import { hasRecording } from './recording-source.js';

export { RECORDING_FAILED } from './call-logs.errors.js';

/**
 * GET /api/call-logs/{id}/recording: the audio streamed through us, so the browser never sees a
 * provider URL or a credential. A voicemail's comes from Twilio with the organization's
 * credentials; an AI-agent call's from the recording URL Retell's API gives for the call (asked
 * through retell-sdk with the organization's key, never a URL a webhook handed us). `Range` goes
 * through both ways, so the player can seek and a download can resume. The service answers with a
 * description (status, headers, stream); the controller writes it.
 */
@Injectable()
export class RecordingsService {
  private readonly logger = new Logger(RecordingsService.name);

  constructor(
    private readonly callLogs: CallLogsService,
    private readonly twilioAccount: TwilioAccountService,
    private readonly clients: TwilioClients,
    private readonly settings: SettingsService,
    private readonly retell: RetellClients,
  ) {}

  async open(actor: Actor, id: string, range: string | undefined): Promise<StreamedResponse> {
    const log = await this.callLogs.get(actor, id);
    if (!hasRecording(log)) throw new CallHasNoRecordingError();
    const [media, where] = log.recordingSid ? [await this.fromTwilio(actor, log.recordingSid, range), 'Twilio'] : [await this.fromRetell(actor, log.retellCallId!, range), 'Retell'];
    if (media.status === 404) {
      media.body.resume();
      throw new RecordingGoneError(where);
    }
    if (![200, 206, 416].includes(media.status)) {
      media.body.resume();
      this.logger.warn(`Recording of call ${log.id}: ${where} answered ${media.status}`);
      throw new RecordingUnavailableError();
    }
    const headers: Record<string, string> = {
      'Content-Type': media.headers['content-type'] ?? 'audio/wav',
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, max-age=3600',
    };
    for (const name of ['content-length', 'content-range'] as const) {
      if (media.headers[name]) headers[name] = media.headers[name]!;
    }
    return { status: media.status, headers, body: media.body };
  }

  /** The listener went away (seek, page change) while the audio streamed: nothing to answer. */
  endedEarly(error: unknown): void {
    this.logger.debug?.(`Recording stream ended early: ${(error as Error).message}`);
  }

  private async fromTwilio(actor: Actor, recordingSid: string, range: string | undefined): Promise<MediaResponse> {
    const credentials = await this.twilioAccount.credentials(actor.organizationId);
    if (!credentials) throw new RecordingUnavailableError();
    // Built from the SID and our own account, never from a URL a callback handed us.
    const uri = `https://api.twilio.com/2010-04-01/Accounts/${credentials.accountSid}/Recordings/${recordingSid}.wav`;
    try {
      return await this.clients.media(credentials, uri, range);
    } catch (error) {
      this.logger.warn(`Recording ${recordingSid}: Twilio unreachable: ${(error as Error).message}`);
      throw new RecordingUnavailableError();
    }
  }

  private async fromRetell(actor: Actor, callId: string, range: string | undefined): Promise<MediaResponse> {
    const apiKey = await this.settings.retellApiKey(actor.organizationId);
    if (!apiKey) throw new RecordingUnavailableError();
    let url: string | undefined;
    try {
      const call = await this.retell.forKey(apiKey).call.retrieve(callId);
      url = call.recording_url;
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 404) throw new RecordingGoneError('Retell');
      this.logger.warn(`Agent call ${callId}: Retell unreachable: ${(error as Error).message}`);
      throw new RecordingUnavailableError();
    }
    if (!url) throw new RecordingGoneError('Retell');
    try {
      return await fetchMedia(url, range);
    } catch (error) {
      this.logger.warn(`Agent call ${callId}: recording unreachable: ${(error as Error).message}`);
      throw new RecordingUnavailableError();
    }
  }
}
