import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerOwner, type SignedIn, uniqueUsername } from './factories/users.js';
import { ticketPayload } from './factories/tickets.js';
import { eventually } from './support/job-probe.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { statementsOf } from './support/statement-counter.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 32: what a create costs the database, its handlers done (the customer's confirmation, the
 * new_ticket fan-out, the round-robin and the e-mails of a 20-user organization). Under load the
 * queue runs behind the creates and its batch handlers take the waiting events together; here
 * the creates are made while no worker runs, then a worker takes the queue.
 */
const CREATES = 20;
const USERS = 20;

let web: TestApp;
let worker: TestApp | undefined;
let owner: SignedIn;
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  web = await startTestApp({ JOBS_WORKER: 'false' });
  owner = await registerOwner(web);
  await owner.agent.put('/api/settings').send({ smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'crm@burst.example.com' }).expect(200);
  for (let i = 1; i < USERS; i += 1) {
    const username = uniqueUsername('burst');
    await owner.agent.post('/api/users/invite').send({ username }).expect(201);
  }
  await web.db.query(`update users set notification_email = username || '@burst.example.com' where organization_id = $1`, [owner.user.organization_id]);
  // The setup's own jobs (the invitations, the welcome) are not the creates'.
  await web.db.query('delete from graphile_worker._private_jobs');
}, 120_000);

afterAll(async () => {
  await worker?.close();
  await web?.close();
  await smtp?.stop();
});

function tally(statements: string[]): string {
  const kinds = new Map<string, number>();
  for (const s of statements) {
    const key = s.replace(/\s+/g, ' ').slice(0, 70);
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  return [...kinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n}\t${k}`).join('\n');
}

describe('a burst of creates with their handlers done', () => {
  it(`costs the queue a few statements a create, however many handlers and recipients (${CREATES} creates, ${USERS} users with e-mail)`, async () => {
    const QUEUED_SQL = 'select count(*)::int as n from graphile_worker._private_jobs';
    const queued = async () => (await web.db.query(QUEUED_SQL)).rows[0].n as number;
    const creates = await statementsOf(web.em, async () => {
      for (let i = 0; i < CREATES; i += 1) {
        await owner.agent.post('/api/tickets').send(ticketPayload({ customerEmail: `burst${i}@example.com`, orderNumber: `ORD-BURST-${i}` })).expect(201);
      }
    });
    expect(creates.error).toBeUndefined();
    // Each create's three handlers are three jobs, waiting.
    expect(await queued()).toBe(CREATES * 3);
    const handlers = await statementsOf(web.em, async () => {
      worker = await startTestApp({}, { databaseUrl: web.databaseUrl });
      await eventually('every e-mail went out', () => smtp.messages.length >= CREATES * USERS, 60_000);
      await eventually('the queue is empty', async () => (await queued()) === 0, 30_000);
    });
    expect(handlers.error).toBeUndefined();
    // The test's own look at the queue is no statement of the app's.
    handlers.statements = handlers.statements.filter((s) => s !== QUEUED_SQL);
    console.log(
      `${CREATES} creates: ${creates.statements.length} statements in the requests, ${handlers.statements.length} for the worker's start and every handler and e-mail\n` +
        `requests:\n${tally(creates.statements)}\nworker:\n${tally(handlers.statements)}`,
    );
    // Two a create, the session and the intake settings read once (then from memory): no begin or
    // commit, one statement for the customer (its locks, its match, its update or insert), the
    // ticket's (with its number) and the first history row's inserts, the handlers' jobs and the
    // answer's products and duplicates; then, after its commit, the announcement of its jobs and of
    // its organization's list pages (one for all the creates of a moment under load; here they come one by one).
    expect(creates.statements.length).toBeLessThanOrEqual(2 * CREATES + 2);
    expect(creates.statements.filter((s) => s.startsWith('select pg_notify($1, $2), pg_notify($3, $4)'))).toHaveLength(CREATES);
    // The confirmation, the fan-out to 19 users, the round-robin and 20 e-mails a create, each acting
    // once, and the worker's own start and polls: in batches, a few statements a create (5.5 measured;
    // one job and transaction per event and per delivery batch was about 25; claims and receipts in
    // separate statements and a savepoint for every batch, 6.2).
    expect(handlers.statements.length / CREATES).toBeLessThanOrEqual(7);
    // The create's writing statement and the batches' claims go prepared, with their values as parameters.
    const positional = (statements: string[], start: string) => statements.filter((s) => s.startsWith(start)).map((s) => s.includes('$1'));
    expect(positional(creates.statements, 'with quiet as materialized')).toEqual(Array(CREATES).fill(true));
    expect(positional(handlers.statements, 'with claimed as').length).toBeGreaterThan(0);
    expect(positional(handlers.statements, 'with claimed as').every(Boolean)).toBe(true);
    // Issue 32's goal: at most 12 statements a create with its handlers done.
    expect((creates.statements.length + handlers.statements.length) / CREATES).toBeLessThanOrEqual(12);
    expect(smtp.messages).toHaveLength(CREATES * USERS);
  }, 180_000);
});
