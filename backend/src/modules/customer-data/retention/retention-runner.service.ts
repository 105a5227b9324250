import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ScheduledTask } from '../../../common/jobs/job-decorators.js';
import { type TenantContext, TenantRunner } from '../../../common/tenancy/tenant-runner.js';
import { AuditLogService } from '../../audit-log/audit-log.service.js';
import { anonymiseTickets, type ErasedLeftovers, eraseCustomersWithoutKeptTickets } from '../customer-erasure.sql.js';
import { ErasedFiles } from '../erased-files.service.js';
import { RetentionPolicy } from './retention-policy.entity.js';
import { cutoffsOf } from './retention-policy.service.js';
import { deleteOldAttachments, deleteTickets, dropOldMailedFiles, forgetOldRecordings, lockOldClosedTickets, type RetentionCounts } from './retention.sql.js';

/** Rows per transaction: each batch is its own short transaction, so no table is held for long. */
export const RETENTION_BATCH = 500;
/** Batches of one kind per organization and run (a bigger backlog drains over the next days). */
const ROUNDS_PER_KIND = 200;
/** Organizations one run visits at most. */
const ORGANIZATIONS_PER_RUN = 1000;
/** A run takes an organization for this long: a second run within it (another instance, a retry) leaves it alone. */
const CLAIM_HOURS = 12;

/** Who the audit log names for a run: the policy, not a user. */
const RETENTION_ACTOR = 'Retention policy';

export interface RetentionRun extends RetentionCounts {
  organizationId: string;
}

/**
 * Applies every enabled retention policy (issue 35) once a day, once across instances (a
 * graphile-worker cron task; a run also claims each organization, so two runs at once never both
 * work on one). Per organization and kind, batches of RETENTION_BATCH rows, each in its own
 * transaction, taken FOR UPDATE SKIP LOCKED: recordings forgotten on their call logs, attachments
 * deleted, closed tickets anonymised (customer-erasure.sql.ts, the erasure's own anonymiser, so
 * tickets and the analytics' counts stay) or deleted; a customer with no kept ticket left is erased
 * the same way. The files and the recordings at Twilio go in a job committed with each batch
 * (ErasedFiles, as an erasure's). One audit-log line per organization and run, with the counts.
 * `now` is the run's clock (tests move it).
 */
@Injectable()
export class RetentionRunner {
  private readonly logger = new Logger('Retention');

  constructor(
    private readonly tenants: TenantRunner,
    private readonly files: ErasedFiles,
    private readonly auditLog: AuditLogService,
  ) {}

  @ScheduledTask('customer_data.retention', '25 2 * * *')
  async applyAll(now: Date = new Date()): Promise<RetentionRun[]> {
    const staleBefore = new Date(now.getTime() - CLAIM_HOURS * 3600 * 1000);
    const runs: RetentionRun[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < ORGANIZATIONS_PER_RUN; i += 1) {
      const organizationId = await this.tenants.organizationOf(RetentionPolicy, {
        enabled: true,
        $or: [{ runClaimedAt: null }, { runClaimedAt: { $lt: staleBefore } }],
        ...(seen.size ? { organization: { $nin: [...seen] } } : {}),
      });
      if (!organizationId) break;
      seen.add(organizationId);
      const policy = await this.tenants.run(organizationId, ({ em }) => em.getRepository(RetentionPolicy).claim(now, staleBefore));
      if (!policy) continue; // another run has it
      runs.push(await this.applyOne(organizationId, policy, now));
    }
    return runs;
  }

  private async applyOne(organizationId: string, policy: RetentionPolicy, now: Date): Promise<RetentionRun> {
    const cutoffs = cutoffsOf(policy, now);
    const counts: RetentionCounts = { recordings: 0, attachments: 0, closed_tickets: 0 };
    const batches = async (work: (ctx: TenantContext) => Promise<number>) => {
      let total = 0;
      for (let round = 0; round < ROUNDS_PER_KIND; round += 1) {
        const done = await this.tenants.run(organizationId, work);
        total += done;
        if (done < RETENTION_BATCH) break;
      }
      return total;
    };
    if (cutoffs.recordings) {
      const cutoff = cutoffs.recordings;
      counts.recordings = await batches(async ({ em }) => {
        const { count, recordingSids } = await forgetOldRecordings(em, cutoff, RETENTION_BATCH);
        await this.files.forget(em, organizationId, { objectPaths: [], recordingSids }, `retention:${randomUUID()}`);
        return count;
      });
    }
    if (cutoffs.attachments) {
      const cutoff = cutoffs.attachments;
      counts.attachments = await batches(async ({ em }) => {
        const { count, objectPaths } = await deleteOldAttachments(em, cutoff, RETENTION_BATCH);
        await this.files.forget(em, organizationId, { objectPaths, recordingSids: [] }, `retention:${randomUUID()}`);
        return count;
      });
      // The files inbound e-mails carried, counted per file (the dry run counts them so too).
      await batches(async ({ em }) => {
        const { messages, objectPaths } = await dropOldMailedFiles(em, cutoff, RETENTION_BATCH);
        await this.files.forget(em, organizationId, { objectPaths, recordingSids: [] }, `retention:${randomUUID()}`);
        counts.attachments += objectPaths.length;
        return messages;
      });
    }
    if (cutoffs.closedTickets) {
      const cutoff = cutoffs.closedTickets;
      const remove = policy.closedTicketsAction === 'delete';
      counts.closed_tickets = await batches(async ({ em }) => {
        const tickets = await lockOldClosedTickets(em, cutoff, RETENTION_BATCH);
        if (!tickets.length) return 0;
        const ids = tickets.map((t) => t.id);
        const ofTickets = await anonymiseTickets(em, ids, now);
        if (remove) await deleteTickets(em, ids);
        const ofCustomers = await eraseCustomersWithoutKeptTickets(em, [...new Set(tickets.map((t) => t.customer_id))]);
        const leftovers: ErasedLeftovers = {
          objectPaths: [...ofTickets.objectPaths, ...ofCustomers.objectPaths],
          recordingSids: [...new Set([...ofTickets.recordingSids, ...ofCustomers.recordingSids])],
        };
        await this.files.forget(em, organizationId, leftovers, `retention:${randomUUID()}`);
        return tickets.length;
      });
    }
    await this.tenants.run(organizationId, async ({ em }) => {
      const row = await em.getRepository(RetentionPolicy).ensure(organizationId);
      row.lastRunAt = now;
      this.auditLog.record(em, { id: null, username: RETENTION_ACTOR, organizationId }, 'retention_applied', {
        subject: 'data retention',
        changes: [
          { field: 'recordings_deleted', new: counts.recordings },
          { field: 'attachments_deleted', new: counts.attachments },
          { field: policy.closedTicketsAction === 'delete' ? 'closed_tickets_deleted' : 'closed_tickets_anonymised', new: counts.closed_tickets },
        ],
      });
      await em.flush();
    });
    this.logger.log(`Retention applied: ${counts.recordings} recording(s), ${counts.attachments} attachment(s), ${counts.closed_tickets} closed ticket(s)`);
    return { organizationId, ...counts };
  }
}
