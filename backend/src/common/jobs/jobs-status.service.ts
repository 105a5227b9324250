import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { executePrepared } from '../../database/prepared-statements.js';
import { tenantSql } from '../tenancy/tenant-sql.js';
import type { JobFailureDto, JobsOverviewDto } from './jobs-overview.dto.js';
import { FAILED_JOB } from './queue-indexes.js';

/** The failed jobs of every organization (the health check): the index of the failed ones only. */
export const FAILED_JOBS_COUNT = `select count(*)::int as failed from graphile_worker._private_jobs j where ${FAILED_JOB}`;

/** Jobs of one organization by state (graphile-worker keeps failed jobs and deletes finished ones). */
const ORGANIZATION_COUNTS = `
select count(*) filter (where j.locked_at is not null)::int as running,
       count(*) filter (where j.locked_at is null and j.attempts = 0 and j.run_at <= now())::int as queued,
       count(*) filter (where j.locked_at is null and j.attempts = 0 and j.run_at > now())::int as scheduled,
       count(*) filter (where j.locked_at is null and j.attempts > 0 and j.attempts < j.max_attempts)::int as retrying,
       count(*) filter (where ${FAILED_JOB})::int as failed,
       floor(extract(epoch from now() - min(j.run_at) filter (where j.locked_at is null and j.attempts = 0 and j.run_at <= now())))::int as oldest_queued_seconds,
       (select count(*) from job_receipts r where @tenant(r) and r.created_at > now() - interval '24 hours')::int as completed_24h
  from graphile_worker._private_jobs j
 where j.payload ->> 'organizationId' = @tenant_id`;

const ORGANIZATION_FAILURES = `
select j.id::text as id, t.identifier as task, j.attempts, j.max_attempts, j.last_error, j.run_at, j.updated_at,
       ${FAILED_JOB} as failed
  from graphile_worker._private_jobs j
  join graphile_worker._private_tasks t on t.id = j.task_id
 where j.payload ->> 'organizationId' = @tenant_id and j.last_error is not null
 order by j.updated_at desc
 limit 20`;

@Injectable()
export class JobsStatusService {
  constructor(private readonly em: EntityManager) {}

  /** The signed-in organization's jobs (the queue's payload names the organization a job works for). */
  async overview(): Promise<JobsOverviewDto> {
    const sql = tenantSql(this.em);
    const [counts] = await sql.execute(ORGANIZATION_COUNTS);
    const failures = await sql.execute<Record<string, unknown>[]>(ORGANIZATION_FAILURES);
    return {
      counts: counts as JobsOverviewDto['counts'],
      recent_failures: failures.map(
        (row): JobFailureDto => ({
          id: row.id as string,
          task: row.task as string,
          attempts: row.attempts as number,
          max_attempts: row.max_attempts as number,
          state: row.failed ? 'failed' : 'retrying',
          last_error: (row.last_error as string).slice(0, 2000),
          next_attempt_at: row.failed ? null : new Date(row.run_at as string).toISOString(),
          updated_at: new Date(row.updated_at as string).toISOString(),
        }),
      ),
    };
  }

  /** Jobs of every organization that ran out of attempts (for the health check); not one running its last. */
  async failedCount(): Promise<number> {
    // prepared: the health check runs it on every call
    const [row] = await executePrepared<{ failed: number }>(this.em, FAILED_JOBS_COUNT, []);
    return row.failed;
  }
}
