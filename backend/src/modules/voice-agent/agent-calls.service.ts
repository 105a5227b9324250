import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../common/events/domain-event.js';
import type { TenantContext } from '../../common/tenancy/tenant-runner.js';
import { CallLog } from '../call-logs/call-log.entity.js';
import { CustomersService } from '../customers/customers.service.js';
import type { Webhook } from '../settings/webhook.entity.js';
import type { RetellCallDto } from './dto/retell-call.dto.js';
import { RetellCallElsewhereError } from './voice-agent.errors.js';
import { AgentCallEndedEvent } from '../call-logs/events/agent-call-ended.event.js';
import { AgentCallReceivedEvent } from './events/agent-call-received.event.js';

/** Seconds of a Retell call: its duration, else end minus start; null while unknown. */
export function callSeconds(call: Pick<RetellCallDto, 'duration_ms' | 'start_timestamp' | 'end_timestamp'>): number | null {
  if (call.duration_ms !== undefined) return Math.round(call.duration_ms / 1000);
  if (call.start_timestamp !== undefined && call.end_timestamp !== undefined && call.end_timestamp >= call.start_timestamp) {
    return Math.round((call.end_timestamp - call.start_timestamp) / 1000);
  }
  return null;
}

/**
 * One call log per Retell call (`retell_call_id`), whatever arrives first and however often:
 * call_started, call_ended, call_analyzed, or the agent's function during the call.
 */
@Injectable()
export class AgentCallsService {
  constructor(
    private readonly events: DomainEvents,
    private readonly customers: CustomersService,
  ) {}

  /**
   * The call's log, created on first sight (publishing AgentCallReceivedEvent in the same
   * transaction) and locked for the rest of the caller's transaction, so concurrent deliveries of
   * one call queue instead of racing. Later events fill in what they carry; none erases a value.
   * A caller whose number we know is attached to that customer. `ended` (call_ended,
   * call_analyzed): the first delivery that makes the call's length known publishes
   * AgentCallEndedEvent (the catalogue's inquiry_received, linking the call or its ticket) once.
   */
  async record(ctx: TenantContext, webhook: Webhook, call: RetellCallDto, ended = false): Promise<CallLog> {
    const { em, organizationId } = ctx;
    const inserted = await this.insertOnce(em, organizationId, webhook, call);
    const log = await em.getRepository(CallLog).lockedByRetellCallId(organizationId, call.call_id);
    // The id is taken by another organization's call: nothing of theirs is touched or shown.
    if (!log) throw new RetellCallElsewhereError();

    log.fromPhone ??= call.from_number ?? null;
    log.toPhone ??= call.to_number ?? null;
    log.brand ??= webhook.brand;
    // A known caller (their number in any format on file) is named on the call at once.
    if (log.fromPhone && !log.customer) log.customer = await this.customers.findByPhone(em, organizationId, log.fromPhone);
    if (call.recording_url) log.recordingUrl = call.recording_url;
    const endedBefore = log.recordingDuration !== null && log.recordingDuration !== undefined;
    const seconds = callSeconds(call);
    if (seconds !== null) log.recordingDuration = seconds;
    if (call.transcript) log.transcription = call.transcript;
    const summary = call.call_analysis?.call_summary;
    if (typeof summary === 'string' && summary.trim()) log.callSummary = summary.trim();
    await em.flush();

    if (inserted) await this.events.publish(em, new AgentCallReceivedEvent(organizationId, log.id, log.brand ?? null));
    // Under the row lock: of concurrent deliveries of the end, only the first sees no length yet.
    if (ended && !endedBefore && seconds !== null) {
      await this.events.publish(em, new AgentCallEndedEvent(organizationId, log.id, log.brand ?? null, log.ticket?.id ?? null));
    }
    return log;
  }

  /** Inserts the call's row unless it exists; true when this call inserted it. */
  private async insertOnce(em: EntityManager, organizationId: string, webhook: Webhook, call: RetellCallDto): Promise<boolean> {
    return em.getRepository(CallLog).insertAgentCallOnce({
      organizationId,
      retellCallId: call.call_id,
      brand: webhook.brand ?? null,
      fromPhone: call.from_number ?? null,
      toPhone: call.to_number ?? null,
      createdAt: call.start_timestamp !== undefined ? new Date(call.start_timestamp) : new Date(),
    });
  }
}
