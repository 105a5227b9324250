import { Injectable, Logger } from '@nestjs/common';
import { DomainEvents } from '../../common/events/domain-event.js';
import { Jobs } from '../../common/jobs/jobs.js';
import { LiveHub } from '../../common/live/live-hub.js';
import type { TenantContext } from '../../common/tenancy/tenant-runner.js';
import { CustomersService } from '../customers/customers.service.js';
import { CallLog, type TranscriptionStatus } from './call-log.entity.js';
import type { NotedVoicemail } from './call-log.repository.js';
import { callLogChanged } from './call-log-live.js';
import { CallTickets } from './call-tickets.js';
import { CallLinkedToTicketEvent } from './events/call-linked-to-ticket.event.js';
import { VoicemailReceivedEvent } from './events/voicemail-received.event.js';

export const FETCH_RECORDING_TASK = 'phone.fetch-recording';
export const TRANSCRIPTION_TIMEOUT_TASK = 'phone.transcription-timeout';
/** Twilio usually transcribes within minutes; after this a still-pending transcription is failed. */
export const TRANSCRIPTION_TIMEOUT_MS = 30 * 60 * 1000;

/** The organization's number a voicemail was left on, read by phone-numbers (the owner of the row). */
export type VoicemailNumber = NonNullable<CallLog['brandPhone']>;

/** What one provider callback knows about a voicemail; every field is optional but the CallSid. */
export interface VoicemailFacts {
  callSid: string;
  /** Reads the number the call came in on; asked only while the call log has none yet. */
  number?: (() => Promise<VoicemailNumber | null>) | null;
  fromPhone?: string | null;
  toPhone?: string | null;
  callerName?: string | null;
  recordingSid?: string | null;
  recordingUrl?: string | null;
  recordingDuration?: number | null;
  transcription?: string | null;
  transcriptionStatus?: TranscriptionStatus | null;
}

const FINAL: TranscriptionStatus[] = ['completed', 'failed'];

/**
 * Whether a callback's facts would change the call log that holds `noted` (the rules of `record`:
 * a field is filled once, the duration and a transcription text replace, a final transcription
 * status replaces a pending one). A repeated callback, which Twilio sends on any doubt, adds nothing.
 */
export function addsToVoicemail(noted: NotedVoicemail | null, facts: VoicemailFacts): boolean {
  if (!noted) return true;
  if (facts.number && !noted.brandPhoneId) return true;
  const fills: [string | null | undefined, string | null][] = [
    [facts.fromPhone, noted.fromPhone],
    [facts.toPhone, noted.toPhone],
    [facts.callerName, noted.callerName],
    [facts.recordingSid, noted.recordingSid],
    [facts.recordingUrl, noted.recordingUrl],
  ];
  if (fills.some(([fact, held]) => fact != null && held == null)) return true;
  if (facts.recordingDuration != null && facts.recordingDuration !== noted.recordingDuration) return true;
  if (facts.transcription && facts.transcription !== noted.transcription) return true;
  if (facts.transcriptionStatus) {
    if (FINAL.includes(facts.transcriptionStatus)) return facts.transcriptionStatus !== noted.transcriptionStatus;
    if (!noted.transcriptionStatus) return true;
  }
  return false;
}

/**
 * Builds one call log per CallSid from Twilio's callbacks (the Record action, the recording status
 * and the transcription), whichever arrives first and however often: the row is created once (insert
 * on the unique call_sid, conflicts ignored), then locked and completed field by field. The
 * voicemail.received event and the recording job are queued once, when the recording first appears.
 */
@Injectable()
export class VoicemailRecorder {
  private readonly logger = new Logger(VoicemailRecorder.name);

  constructor(
    private readonly events: DomainEvents,
    private readonly jobs: Jobs,
    private readonly customers: CustomersService,
    private readonly tickets: CallTickets,
    private readonly live: LiveHub,
  ) {}

  /**
   * True when the organization's call log of this CallSid already holds everything `facts` bring:
   * the callback is a repeat and is answered from this one read, without a transaction (issue 32).
   * The caller's match was tried when the row was written; a repeat does not try it again.
   */
  async alreadyNoted({ em }: TenantContext, facts: VoicemailFacts): Promise<boolean> {
    return !addsToVoicemail(await em.getRepository(CallLog).notedVoicemail(facts.callSid), facts);
  }

  async record({ organizationId, em }: TenantContext, facts: VoicemailFacts): Promise<CallLog | null> {
    await em.getRepository(CallLog).insertVoicemailOnce(organizationId, facts.callSid);
    // The tenant filter hides a row of the same CallSid in another organization: never touch it.
    const log = await em.getRepository(CallLog).lockedByCallSid(facts.callSid);
    if (!log) {
      this.logger.warn(`CallSid ${facts.callSid} belongs to another organization; callback ignored`);
      return null;
    }
    const hadRecording = Boolean(log.recordingSid);

    if (facts.number && !log.brandPhone) {
      const number = await facts.number();
      if (number) {
        log.brandPhone = number;
        log.brand ??= number.brand ?? null;
        log.toPhone ??= number.phoneNumber;
      }
    }
    log.fromPhone ??= facts.fromPhone ?? null;
    log.toPhone ??= facts.toPhone ?? null;
    log.callerName ??= facts.callerName ?? null;
    log.recordingSid ??= facts.recordingSid ?? null;
    log.recordingUrl ??= facts.recordingUrl ?? null;
    if (facts.recordingDuration != null) log.recordingDuration = facts.recordingDuration;
    if (facts.transcription) log.transcription = facts.transcription;
    if (facts.transcriptionStatus) {
      if (FINAL.includes(facts.transcriptionStatus)) log.transcriptionStatus = facts.transcriptionStatus;
      else if (!log.transcriptionStatus) log.transcriptionStatus = facts.transcriptionStatus;
    }
    if (log.fromPhone && !log.customer) await this.matchCaller(em, organizationId, log);
    const unitOfWork = em.getUnitOfWork();
    unitOfWork.computeChangeSets();
    const changed = unitOfWork.getChangeSets().length > 0;
    await em.flush();
    // Open Phone System tabs read the calls again (the voicemail arrives, then its transcription);
    // a repeated callback that changed nothing tells nobody.
    if (changed) await callLogChanged(this.live, em, organizationId, log.id);

    if (!hadRecording && log.recordingSid) {
      await this.events.publish(em, new VoicemailReceivedEvent(organizationId, log.id, log.brand ?? null));
      // Both in one statement; their keys are new (this runs once per row, under its lock).
      const payload = { organizationId, callLogId: log.id };
      await this.jobs.enqueueMany(em, [
        { task: FETCH_RECORDING_TASK, payload, options: { key: log.recordingSid } },
        ...(log.transcriptionStatus === 'pending'
          ? [{ task: TRANSCRIPTION_TIMEOUT_TASK, payload, options: { key: log.recordingSid, runAt: new Date(Date.now() + TRANSCRIPTION_TIMEOUT_MS) } }]
          : []),
      ]);
    }
    return log;
  }

  /**
   * A known caller: the call log names the customer and, when the call has no ticket yet, joins
   * the customer's newest open (Open or Pending) ticket (the tickets module's rule, CallTickets), so
   * it shows in that ticket's Call History instead of waiting for an agent to create a duplicate.
   */
  private async matchCaller(em: TenantContext['em'], organizationId: string, log: CallLog): Promise<void> {
    const customer = await this.customers.findByPhone(em, organizationId, log.fromPhone!);
    if (!customer) return;
    log.customer = customer;
    if (log.ticket) return;
    const open = await this.tickets.openTicketOf(em, organizationId, customer.id);
    if (!open) return;
    log.ticket = open;
    await this.events.publish(em, new CallLinkedToTicketEvent(organizationId, log.id, open.id, customer.id));
  }
}
