import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { ticketPayload } from './factories/tickets.js';
import { callApp, freePort, requireBuild, startProcess, stopProcess } from './support/app-process.js';
import { eventually } from './support/job-probe.js';
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

describe('an instance killed after the mail server accepted a message, before its job completed', () => {
  it("sends the customer's confirmation again only as the same message (one Message-ID), and a live instance takes the job over within 30 s", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { JOBS_DEAD_WORKER_SECONDS: '20' };
    let first: ChildProcess | undefined = await startProcess(databaseUrl, port, true, env);
    const customer = `once-${Date.now()}@example.com`;
    let killedAt = 0;
    // The message is received; the sender dies before the server's answer reaches it.
    smtp.onMessage = async (mail) => {
      if (!first || !mail.to.includes(customer)) return;
      const dying = first;
      first = undefined;
      await stopProcess(dying, 'SIGKILL');
      killedAt = Date.now();
    };
    let second: ChildProcess | undefined;
    try {
      const owner = await call(base, '', 'POST', '/api/register', { username: `once${Date.now()}`, password: 'secret123' });
      expect(owner.status).toBe(201);
      const settings = await call(base, owner.cookie, 'PUT', '/api/settings', { smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'support@jacks.example.com' });
      expect(settings.status).toBe(200);
      const ticket = await call(base, owner.cookie, 'POST', '/api/tickets', ticketPayload({ customerEmail: customer }));
      expect(ticket.status).toBe(201);
      await eventually('the first instance died with the confirmation delivered', () => killedAt > 0, 30_000);
      smtp.onMessage = undefined;

      // Another instance (the same port, as after a restart) finds the job locked by a dead worker.
      second = await startProcess(databaseUrl, port, true, env);
      await eventually('the confirmation is recorded as sent', async () => {
        const { rows } = await db.query('select confirmation_status from tickets where id = $1', [ticket.body.id]);
        return rows[0]?.confirmation_status === 'sent';
      }, 60_000);
      const tookOverInMs = Date.now() - killedAt;
      // Released after JOBS_DEAD_WORKER_SECONDS (beats every quarter of it: 25 s at most), then run at
      // once; the margin is the restarted process's own start-up on a busy machine.
      expect(tookOverInMs).toBeLessThanOrEqual(40_000);

      const received = smtp.to(customer);
      expect(received.length).toBe(2); // the first attempt's message, and the retry's
      expect(received[0].messageId).toMatch(/^<[0-9a-f]{40}@jacks\.example\.com>$/);
      expect(new Set(received.map((m) => m.messageId)).size).toBe(1);
      expect(received[1].subject).toBe(received[0].subject);
    } finally {
      smtp.onMessage = undefined;
      if (first) await stopProcess(first, 'SIGKILL');
      if (second) await stopProcess(second, 'SIGTERM');
    }
  }, 180_000);
});
