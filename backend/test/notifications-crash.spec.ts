import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { ticketPayload } from './factories/tickets.js';
import { callApp, freePort, requireBuild, startProcess, stopProcess } from './support/app-process.js';
import { eventually, queueIdle } from './support/job-probe.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { createTestDatabase } from './support/test-app.js';

let smtp: SmtpCatcher;
let db: pg.Client;
let databaseUrl: string;

beforeAll(async () => {
  requireBuild();
  smtp = await new SmtpCatcher().start();
  databaseUrl = await createTestDatabase();
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await smtp?.stop();
});

const call = callApp;

describe('a process killed between the commit and the e-mail', () => {
  it('delivers the e-mail exactly once after a restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startProcess(databaseUrl, port, true);
    try {
      const owner = await call(base, '', 'POST', '/api/register', { username: `crash${Date.now()}`, password: 'secret123' });
      expect(owner.status).toBe(201);
      const invite = await call(base, owner.cookie, 'POST', '/api/users/invite', { username: `crashmember${Date.now()}` });
      expect(invite.status).toBe(201);
      await db.query(`update users set notification_email = 'crash-member@example.com' where username = $1`, [invite.body.username]);
      expect((await call(base, owner.cookie, 'PUT', '/api/settings', { smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'crm@example.com' })).status).toBe(200);

      // The mail server is down: the fan-out commits, the e-mail job fails and waits for its retry.
      await smtp.stop();
      const ticket = await call(base, owner.cookie, 'POST', '/api/tickets', ticketPayload({ customerName: 'Crash Customer' }));
      expect(ticket.status).toBe(201);
      // Killed between attempts (a job locked by a process killed mid-attempt waits for graphile-worker's lock timeout).
      await eventually('the in-app notification is committed and the e-mail job has failed once', async () => {
        const rows = await db.query(
          `select (select count(*)::int from notifications where related_entity_id = $1) as notes,
                  (select count(*)::int from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
                    where t.identifier = 'notifications.deliver-batch' and j.payload ->> 'channel' = 'email' and j.last_error is not null and j.locked_at is null) as failed`,
          [ticket.body.id],
        );
        return rows.rows[0].notes === 1 && rows.rows[0].failed === 1;
      }, 60_000);
    } finally {
      await stopProcess(first, 'SIGKILL');
    }

    await smtp.start();
    const second = await startProcess(databaseUrl, port, true);
    try {
      // The retry waits out its backoff (e^1 s), then the e-mail goes out once.
      await eventually('the e-mail arrived after the restart', () => smtp.to('crash-member@example.com').length >= 1, 60_000);
      await queueIdle(db);
      expect(smtp.to('crash-member@example.com').map((m) => m.subject)).toHaveLength(1);
      expect(smtp.to('crash-member@example.com')[0].subject).toMatch(/^New ticket WC-\d+$/);
      const sent = await db.query(`select count(*)::int as n from notification_deliveries where channel = 'email' and status = 'sent'`);
      expect(sent.rows[0].n).toBe(1);
    } finally {
      await stopProcess(second, 'SIGTERM');
    }
  }, 240_000);
});

describe('a process killed in the middle of an e-mail batch, after the mail server accepted some of its messages', () => {
  it('sends each recipient the same message again at most (one Message-ID per recipient), and every recipient gets theirs', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { JOBS_DEAD_WORKER_SECONDS: '10' };
    let first: ChildProcess | undefined = await startProcess(databaseUrl, port, true, env);
    let second: ChildProcess | undefined;
    const addresses: string[] = [];
    try {
      const owner = await call(base, '', 'POST', '/api/register', { username: `batchcrash${Date.now()}`, password: 'secret123' });
      expect(owner.status).toBe(201);
      for (let i = 0; i < 6; i += 1) {
        const invite = await call(base, owner.cookie, 'POST', '/api/users/invite', { username: `batchcrash${Date.now()}m${i}` });
        expect(invite.status).toBe(201);
        const address = `batch-crash-${i}@example.com`;
        await db.query('update users set notification_email = $2 where username = $1', [invite.body.username, address]);
        addresses.push(address);
      }
      expect((await call(base, owner.cookie, 'PUT', '/api/settings', { smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'crm@batch-crash.example.com' })).status).toBe(200);
      // The second notification e-mail is received; the sender dies before any answer reaches it.
      let killed = false;
      smtp.onMessage = async (mail) => {
        if (!first || !mail.to.some((to) => addresses.includes(to))) return;
        if (smtp.messages.filter((m) => m.to.some((to) => addresses.includes(to))).length < 2) return;
        const dying = first;
        first = undefined;
        await stopProcess(dying, 'SIGKILL');
        killed = true;
      };
      const ticket = await call(base, owner.cookie, 'POST', '/api/tickets', ticketPayload({ customerName: 'Batch Crash' }));
      expect(ticket.status).toBe(201);
      await eventually('the instance died in the middle of the batch', () => killed, 60_000);
      smtp.onMessage = undefined;

      second = await startProcess(databaseUrl, port, true, env);
      await eventually('every recipient has an e-mail recorded as sent', async () => {
        const { rows } = await db.query(`select count(*)::int as n from notification_deliveries where channel = 'email' and status = 'sent' and source_key = $1`, [`new_ticket:${ticket.body.id}`]);
        return rows[0].n === addresses.length;
      }, 90_000);
      for (const address of addresses) {
        const received = smtp.to(address);
        expect(received.length).toBeGreaterThanOrEqual(1);
        expect(new Set(received.map((m) => m.messageId)).size).toBe(1); // a resend is the same message
        expect(received[0].messageId).toMatch(/^<[0-9a-f]{40}@batch-crash\.example\.com>$/);
      }
      expect(new Set(addresses.map((a) => smtp.to(a)[0].messageId)).size).toBe(addresses.length);
    } finally {
      smtp.onMessage = undefined;
      if (first) await stopProcess(first, 'SIGKILL');
      if (second) await stopProcess(second, 'SIGTERM');
    }
  }, 240_000);
});
