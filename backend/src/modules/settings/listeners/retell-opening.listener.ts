import { Injectable, Logger } from '@nestjs/common';
import { NotFoundError } from 'retell-sdk';
import { recordingNoticeText } from '@warranty-crm/contract';
import { OnDomainEvent } from '../../../common/jobs/job-decorators.js';
import type { TenantContext } from '../../../common/tenancy/tenant-runner.js';
import { RetellClients } from '../../../integrations/retell/retell-clients.js';
import { RecordingNoticeChangedEvent } from '../events/recording-notice-changed.event.js';
import { SettingsService } from '../settings.service.js';
import { SystemSettings } from '../system-settings.entity.js';

/**
 * The begin message `begin` with the notice put first (or taken off): `applied` is the notice this
 * app put there before, taken off first so it is never said twice.
 */
export function openingWithNotice(begin: string | null | undefined, applied: string | null | undefined, notice: string | null): string {
  let base = (begin ?? '').trim();
  if (applied && base.startsWith(applied)) base = base.slice(applied.length).trim();
  return notice ? `${notice} ${base}`.trim() : base;
}

/**
 * Keeps the AI agent's opening in line with the recording notice (issue 35): the configured
 * Retell agent's LLM begins its calls with the notice when it is on, and without it when it is off
 * (the rest of the begin message is the organization's own, kept as it is). Retried with backoff
 * while Retell cannot be reached.
 */
@Injectable()
export class RetellOpeningListener {
  private readonly logger = new Logger('RetellOpening');

  constructor(
    private readonly settings: SettingsService,
    private readonly clients: RetellClients,
  ) {}

  @OnDomainEvent(RecordingNoticeChangedEvent, { maxAttempts: 8 })
  async sync(event: RecordingNoticeChangedEvent, { em, organizationId }: TenantContext): Promise<void> {
    const row = await em.getRepository(SystemSettings).of(organizationId, 'update');
    const apiKey = await this.settings.retellApiKey(organizationId, em);
    if (!apiKey || !row.retellAgentId) return;
    const notice = row.recordingNoticeEnabled ? recordingNoticeText(row.recordingNoticeText) : null;
    if (!notice && !row.retellNoticeApplied) return; // off, and never put there: nothing to take off
    const retell = this.clients.forKey(apiKey);
    let llmId: string;
    try {
      const agent = await retell.agent.retrieve(row.retellAgentId);
      if (agent.response_engine?.type !== 'retell-llm') {
        this.logger.warn(`The Retell agent's response engine is ${agent.response_engine?.type ?? 'unknown'}: its opening cannot carry the recording notice`);
        return;
      }
      llmId = agent.response_engine.llm_id;
    } catch (error) {
      if (error instanceof NotFoundError) return; // no such agent: "Check agent" says so
      throw error;
    }
    const llm = await retell.llm.retrieve(llmId);
    const next = openingWithNotice(llm.begin_message, row.retellNoticeApplied, notice);
    if (next !== (llm.begin_message ?? '').trim()) await retell.llm.update(llmId, { begin_message: next });
    row.retellNoticeApplied = notice;
    await em.flush();
  }
}
