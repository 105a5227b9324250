import type pg from 'pg';

/**
 * Waits until the app's queue has no job ready or running (due, with attempts left), polling every
 * `pollMs`, for at most `timeoutMs`: the jobs still ready at the end (0 when idle) and the wait.
 */
export async function untilQueueIdle(db: pg.Client, timeoutMs: number, pollMs = 100): Promise<{ ready: number; seconds: number }> {
  const started = performance.now();
  let ready = Infinity;
  while (performance.now() < started + timeoutMs) {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from graphile_worker._private_jobs where run_at <= now() and attempts < max_attempts');
    ready = rows[0].n;
    if (ready === 0) break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return { ready, seconds: (performance.now() - started) / 1000 };
}
