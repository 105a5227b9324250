import { Injectable, Logger } from '@nestjs/common';
import { JobHandler } from '../../common/jobs/job-decorators.js';
import type { TenantContext } from '../../common/tenancy/tenant-runner.js';
import { TwilioClients } from '../../integrations/twilio/twilio-clients.js';
import { isTwilioRestError } from '../../integrations/twilio/twilio-errors.js';
import { TwilioAccountService } from '../organizations/twilio-account.service.js';
import { CallLog } from './call-log.entity.js';
import { FETCH_RECORDING_TASK, TRANSCRIPTION_TIMEOUT_TASK } from './voicemail-recorder.service.js';

interface CallLogJob {
  organizationId: string;
  callLogId: string;
}

/** The slow half of a voicemail, run from the queue rather than inside Twilio's callback. */
@Injectable()
export class RecordingJobs {
  private readonly logger = new Logger(RecordingJobs.name);

  constructor(
    private readonly twilioAccount: TwilioAccountService,
    private readonly clients: TwilioClients,
  ) {}

  /**
   * Reads the recording's metadata from Twilio (its final duration) with the organization's
   * credentials. Twilio unreachable: thrown, so the queue retries with backoff.
   */
  @JobHandler(FETCH_RECORDING_TASK, { maxAttempts: 8 })
  async fetchRecording(payload: CallLogJob, { em, organizationId }: TenantContext): Promise<void> {
    const log = await em.getRepository(CallLog).byId(payload.callLogId);
    if (!log?.recordingSid) return;
    const credentials = await this.twilioAccount.credentials(organizationId, em);
    if (!credentials) return;
    try {
      const recording = await this.clients.forAccount(credentials).recordings(log.recordingSid).fetch();
      const duration = Number(recording.duration);
      if (Number.isFinite(duration) && duration >= 0) log.recordingDuration = duration;
    } catch (error) {
      if (isTwilioRestError(error) && error.status === 404) {
        this.logger.warn(`Recording ${log.recordingSid} is gone at Twilio`);
        return;
      }
      throw new Error(`Fetching recording ${log.recordingSid} failed: ${(error as Error).message}`);
    }
  }

  /** A transcription Twilio never delivered is marked failed, so the screen stops waiting for it. */
  @JobHandler(TRANSCRIPTION_TIMEOUT_TASK, { maxAttempts: 3 })
  async transcriptionTimeout(payload: CallLogJob, { em }: TenantContext): Promise<void> {
    const log = await em.getRepository(CallLog).byId(payload.callLogId);
    if (log?.transcriptionStatus === 'pending') log.transcriptionStatus = 'failed';
  }
}
