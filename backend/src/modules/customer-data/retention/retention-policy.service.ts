import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../../common/auth/actor.js';
import { AuditLogService } from '../../audit-log/audit-log.service.js';
import { diffChanges } from '../../audit-log/changes.js';
import { RetentionDryRunRequiredError } from '../customer-data.errors.js';
import { RETENTION_MESSAGES } from '@warranty-crm/contract';
import type { RetentionDryRunDto, RetentionPolicyDto, UpdateRetentionPolicyDto } from '../dto/retention.dto.js';
import { RetentionPolicy } from './retention-policy.entity.js';
import { countReached, type RetentionCutoffs } from './retention.sql.js';

const DAY_MS = 24 * 3600 * 1000;

/** The moments before which each kind of row is past its period at `now` (null: kept forever). */
export function cutoffsOf(policy: RetentionPolicy, now: Date): RetentionCutoffs {
  const before = (days: number | null | undefined) => (days ? new Date(now.getTime() - days * DAY_MS) : null);
  return { recordings: before(policy.recordingsDays), attachments: before(policy.attachmentsDays), closedTickets: before(policy.closedTicketsDays) };
}

export function toRetentionPolicyResponse(p: RetentionPolicy): RetentionPolicyDto {
  return {
    recordings_days: p.recordingsDays ?? null,
    attachments_days: p.attachmentsDays ?? null,
    closed_tickets_days: p.closedTicketsDays ?? null,
    closed_tickets_action: p.closedTicketsAction,
    enabled: p.enabled,
    dry_run_at: p.dryRunAt ?? null,
    last_run_at: p.lastRunAt ?? null,
  };
}

/** The fields whose change needs a new dry run before the policy runs again. */
function reach(p: RetentionPolicy): Record<string, unknown> {
  return {
    recordings_days: p.recordingsDays ?? null,
    attachments_days: p.attachmentsDays ?? null,
    closed_tickets_days: p.closedTicketsDays ?? null,
    closed_tickets_action: p.closedTicketsAction,
  };
}

/**
 * Settings → Data retention (issue 35, administrators): the policy, its dry run, and the switch
 * that lets the daily task (RetentionRunner) apply it, only after a dry run of the periods as they are.
 */
@Injectable()
export class RetentionPolicyService {
  constructor(
    private readonly em: EntityManager,
    private readonly auditLog: AuditLogService,
  ) {}

  async get(actor: Actor): Promise<RetentionPolicyDto> {
    return toRetentionPolicyResponse(await this.em.getRepository(RetentionPolicy).ensure(actor.organizationId));
  }

  async update(actor: Actor, dto: UpdateRetentionPolicyDto): Promise<RetentionPolicyDto> {
    const policy = await this.em.getRepository(RetentionPolicy).ensure(actor.organizationId);
    const before = { ...reach(policy), enabled: policy.enabled };
    if (dto.recordings_days !== undefined) policy.recordingsDays = dto.recordings_days;
    if (dto.attachments_days !== undefined) policy.attachmentsDays = dto.attachments_days;
    if (dto.closed_tickets_days !== undefined) policy.closedTicketsDays = dto.closed_tickets_days;
    if (dto.closed_tickets_action !== undefined) policy.closedTicketsAction = dto.closed_tickets_action;
    const reachChanged = diffChanges(before, { ...reach(policy), enabled: before.enabled }).length > 0;
    if (reachChanged) {
      // What the dry run counted is not what would run now: off until a new one.
      policy.dryRunAt = null;
      policy.enabled = false;
    }
    if (dto.enabled === true && !policy.enabled) {
      if (!policy.recordingsDays && !policy.attachmentsDays && !policy.closedTicketsDays) throw new RetentionDryRunRequiredError(RETENTION_MESSAGES.nothingToKeep);
      if (!policy.dryRunAt) throw new RetentionDryRunRequiredError();
      policy.enabled = true;
    } else if (dto.enabled === false) {
      policy.enabled = false;
    }
    const changes = diffChanges(before, { ...reach(policy), enabled: policy.enabled });
    if (changes.length) this.auditLog.record(this.em, actor, 'settings_changed', { subject: 'data retention', changes });
    await this.em.flush();
    return toRetentionPolicyResponse(policy);
  }

  /** What the saved policy would delete or anonymise at `now`, counted without changing anything but the dry run's time. */
  async dryRun(actor: Actor, now: Date = new Date()): Promise<RetentionDryRunDto> {
    const policy = await this.em.getRepository(RetentionPolicy).ensure(actor.organizationId);
    const counts = await countReached(this.em, cutoffsOf(policy, now));
    policy.dryRunAt = now;
    await this.em.flush();
    return { ...counts, closed_tickets_action: policy.closedTicketsAction, as_of: now };
  }
}
