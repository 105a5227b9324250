/**
 * Marks a job that runs on its own: a retry of an item that failed in a batch. Its value is the
 * attempts already made in the batch, so the handler sees the attempt it is on (an SMS retry looks
 * for its text at Twilio before sending; a confirmation's last attempt marks it failed). A batch's
 * claim (job-batches.ts) leaves such jobs out, and so does its index below.
 */
export const ALONE_FIELD = '_alone';

/**
 * Our indexes on the queue's own jobs table (graphile-worker's `_private_jobs`), made after its
 * migrations on every start (migrate.ts): `if not exists`, so a queue upgrade that rebuilds the table
 * gets them back. Here, without imports, for the migration step.
 *
 * - job_batches_claim_index: a batch handler's claim (job-batches.ts, claimStatement), an
 *   organization's never-attempted jobs of a task (not retries on their own) in the queue's order.
 *   Without it every claim read all the queued jobs and sorted its task's (a sequential scan: 7 ms
 *   at 9,000 queued on an idle machine, ~55 ms under the bench's load, the whole backlog again for
 *   each batch).
 */
export const QUEUE_INDEXES_SQL = [
  `create index if not exists "job_batches_claim_index" on graphile_worker._private_jobs (task_id, (payload ->> 'organizationId'), priority, run_at, id)
   where is_available and attempts = 0 and (payload ->> '${ALONE_FIELD}') is null`,
];
