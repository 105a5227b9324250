import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import pg from 'pg';
import { EMBEDDED_PG_PORT, PORT } from './ports.js';

/**
 * Direct access to the e2e server's embedded PostgreSQL, for arranging what the API cannot
 * (old creation dates, many notifications).
 */

let pool: pg.Pool | null = null;

function getPool(): pg.Pool {
  if (pool) return pool;
  const file = fileURLToPath(new URL(`../.tmp/data-${PORT}/postgres-credentials.json`, import.meta.url));
  const { user, password } = JSON.parse(readFileSync(file, 'utf8')) as { user: string; password: string };
  pool = new pg.Pool({
    host: '127.0.0.1',
    port: EMBEDDED_PG_PORT,
    database: 'warranty_crm',
    user,
    password,
    max: 2,
    allowExitOnIdle: true,
  });
  return pool;
}

/** Runs one statement and returns its rows. */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await getPool().query<T>(text, params)).rows;
}

/** Replaces a user's notifications with `count` new ones, "Notification 1" the oldest; the newest first unread. */
export async function replaceNotifications(username: string, count: number, { read = 0 } = {}): Promise<void> {
  // The welcome notification of a new owner arrives through the job queue: wait until its job is
  // done, so it is replaced too instead of landing after the rows below (once it is done, there is
  // nothing to wait for: a second call does not wait for a welcome it deleted).
  const welcomePending = `select 1 from graphile_worker._private_jobs j
                           join graphile_worker._private_tasks t on t.id = j.task_id
                           where t.identifier like 'event:user.registered:WelcomeListener.%'
                             and j.payload -> 'event' ->> 'userId' = (select id::text from users where username = $1)`;
  await expect
    .poll(async () => (await sql(welcomePending, [username])).length, { message: `the welcome notification of ${username} left the queue`, timeout: 30_000 })
    .toBe(0);
  await sql('delete from notifications where user_id = (select id from users where username = $1)', [username]);
  if (count === 0) return;
  await sql(
    `insert into notifications (organization_id, user_id, type, title, message, is_read, created_at)
     select u.organization_id, u.id, 'system', 'Notification ' || n,
            'Message number ' || n || ' for the bell. It is long enough to need clamping to two lines in the menu, so it keeps going for a while.',
            n <= $3::int, now() - make_interval(mins => ($2::int - n) * 5)
     from users u, generate_series(1, $2::int) as n where u.username = $1`,
    [username, count, read],
  );
}

/** Moves a ticket (and its status history) back in time, as if it had been created `days` ago. */
export async function backdateTicket(ticketId: string, days: number): Promise<void> {
  await sql(`update tickets set created_at = now() - make_interval(days => $2), updated_at = now() - make_interval(days => $2) where id = $1`, [
    ticketId,
    days,
  ]);
  await sql(`update ticket_status_changes set created_at = now() - make_interval(days => $2) where ticket_id = $1`, [ticketId, days]);
}
