/**
 * Marks a job that runs on its own: a retry of an item that failed in a batch. Its value is the
 * attempts already made in the batch, so the handler sees the attempt it is on (an SMS retry looks
 * for its text at Twilio before sending; a confirmation's last attempt marks it failed). A batch's
 * claim (job-batches.ts) leaves such jobs out, and so does its index below.
 */
export const ALONE_FIELD = '_alone';

/**
 * A job of graphile-worker's queue that ran out of attempts. A job counts its attempts when it is
 * taken, so one running its last attempt has as many as its maximum: failed is the unlocked ones
 * (graphile-worker unlocks a job when it fails it). The jobs view and the health check count the same
 * (jobs-status.service.ts), through job_failed_index below.
 */
export const FAILED_JOB = 'locked_at is null and attempts >= max_attempts';

/**
 * Our additions to the queue's schema (graphile-worker's), made after its migrations on every start
 * (migrate.ts), so a queue upgrade that rebuilds a table or replaces a function gets them back. Here,
 * without imports, for the migration step.
 *
 * - job_batches_claim_index: a batch handler's claim (job-batches.ts, claimStatement), an
 *   organization's never-attempted jobs of a task (not retries on their own) in the queue's order.
 *   Without it every claim read all the queued jobs and sorted its task's (a sequential scan: 7 ms
 *   at 9,000 queued on an idle machine, ~55 ms under the bench's load, the whole backlog again for
 *   each batch).
 * - job_failed_index: the failed jobs, which the health check counts on every call. The queue's
 *   table holds few live rows and many dead ones (every job is a row inserted, updated and deleted):
 *   without it each health check read the whole table (37 ms over 54 MB on the bench's database).
 *   Jobs that have not failed are not in it, so the queue's writes do not touch it.
 * - add_jobs with generic plans: the outbox's insert (every create's events, every fan-out's
 *   deliveries) goes through it. Its four statements take the array of jobs, which a plan made for
 *   the values estimates at its length and a generic one at ten rows, so PostgreSQL judged the
 *   generic plans dearer and planned all four again on every call, for the life of the connection:
 *   a quarter of a millisecond of PostgreSQL's CPU a create, 8 % of it (bench/README.md). The plans do
 *   not depend on the length: the tasks and queues are looked up by their unique names.
 */
export const QUEUE_SCHEMA_SQL = [
  `create index if not exists "job_batches_claim_index" on graphile_worker._private_jobs (task_id, (payload ->> 'organizationId'), priority, run_at, id)
   where is_available and attempts = 0 and (payload ->> '${ALONE_FIELD}') is null`,
  `create index if not exists "job_failed_index" on graphile_worker._private_jobs (id) where ${FAILED_JOB}`,
  `alter function graphile_worker.add_jobs(graphile_worker.job_spec[], boolean) set plan_cache_mode = force_generic_plan`,
];
