import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TenantRunner } from '../src/common/tenancy/tenant-runner.js';
import type { DeliveryBatchPayload } from '../src/modules/notifications/channels/delivery-batch.js';
import { DeliveryBatches } from '../src/modules/notifications/channels/delivery-batches.js';
import { EMAIL_BATCH_CONCURRENCY } from '../src/modules/notifications/channels/email.channel.js';
import { registerOwner, type SignedIn, uniqueUsername } from './factories/users.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { statementsOf } from './support/statement-counter.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// The queue's worker is off: the test runs the batch handler itself, as the worker would.
let app: TestApp;
let owner: SignedIn;
let smtp: SmtpCatcher;
/** Members of the organization: the first has no notification e-mail, the others `<username>@batch.example.com`. */
const members: { id: string; email: string | null }[] = [];

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  app = await startTestApp({ JOBS_WORKER: 'false' });
  owner = await registerOwner(app);
  await owner.agent.put('/api/settings').send({ smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'crm@batch.example.com' }).expect(200);
  for (let i = 0; i < 12; i += 1) {
    const username = uniqueUsername('batch');
    await owner.agent.post('/api/users/invite').send({ username }).expect(201);
    const email = i === 0 ? null : `${username}@batch.example.com`;
    const { rows } = await app.db.query('update users set notification_email = $2 where username = $1 returning id', [username, email]);
    members.push({ id: rows[0].id, email });
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

function batchOf(sourceKey: string): DeliveryBatchPayload {
  const organizationId = owner.user.organization_id;
  return {
    organizationId,
    channel: 'email',
    delivery: { organizationId, eventType: 'new_ticket', sourceKey, title: `New ticket ${sourceKey}`, message: 'Ana Ruiz (Acme)', url: 'http://127.0.0.1/tickets/1', brand: null },
    recipients: members.map((m) => ({ userId: m.id, notificationId: null })),
  };
}

/** One attempt of the batch's job on its own, in a transaction of the organization as the worker runs it (a failure fails it). */
function attempt(batch: DeliveryBatchPayload, n: number): Promise<void> {
  return app.created.app.get(TenantRunner).run(batch.organizationId, async (ctx) => {
    const failures = await app.created.app.get(DeliveryBatches).deliver([batch], ctx, { attempt: n, maxAttempts: 10 });
    if (failures?.length) throw failures[0].error;
  });
}

async function outcomes(sourceKey: string): Promise<Record<string, number>> {
  const { rows } = await app.db.query(
    `select status || coalesce(':' || case when status = 'skipped' then detail end, '') as k, count(*)::int as n
       from notification_deliveries where source_key = $1 and channel = 'email' group by 1`, [sourceKey]);
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
}

describe("a batch's e-mails", () => {
  it('go out a few at a time over the pooled transport and are recorded in a bounded number of statements', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    // A mail server that takes a moment to accept each message (as a real one does).
    smtp.onMessage = async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 150));
      inFlight -= 1;
    };
    try {
      const { statements, error } = await statementsOf(app.em, () => attempt(batchOf('batch:one'), 1), { ownOnly: true });
      expect(error).toBeUndefined();
      // The batch's transaction: begin, the recorded outcomes, the recipients, the SMTP settings,
      // one insert of every outcome, commit; whatever the number of recipients (12 here).
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.length).toBeLessThanOrEqual(8);
      expect(statements.filter((s) => /^insert into "notification_deliveries"/i.test(s.trim()))).toHaveLength(1);
    } finally {
      smtp.onMessage = undefined;
    }
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(EMAIL_BATCH_CONCURRENCY);
    expect(await outcomes('batch:one')).toEqual({ sent: 11, 'skipped:No email configured': 1 });
    for (const m of members.filter((x) => x.email)) {
      const received = smtp.to(m.email!);
      expect(received.map((r) => r.subject)).toEqual(['New ticket batch:one']);
      expect(received[0].messageId).toMatch(/^<[0-9a-f]{40}@batch\.example\.com>$/);
    }
    // A second attempt of the same batch (a redelivered job) sends nothing: every outcome is recorded.
    const before = smtp.messages.length;
    await attempt(batchOf('batch:one'), 2);
    expect(smtp.messages.length).toBe(before);
  }, 60_000);

  it("records the others when one recipient's send fails, and its retry sends that one only, with the same Message-ID", async () => {
    const failing = members[3].email!;
    smtp.onMessage = (mail) => {
      if (mail.to.includes(failing)) throw new Error('Mailbox busy');
    };
    const sourceKey = 'batch:two';
    const count = (address: string) => smtp.messages.filter((m) => m.subject === `New ticket ${sourceKey}` && m.to.includes(address));
    try {
      await expect(attempt(batchOf(sourceKey), 1)).rejects.toThrow(/^1 of 12 email deliveries failed/);
    } finally {
      smtp.onMessage = undefined;
    }
    expect(await outcomes(sourceKey)).toEqual({ sent: 10, 'skipped:No email configured': 1 });
    await attempt(batchOf(sourceKey), 2);
    expect(await outcomes(sourceKey)).toEqual({ sent: 11, 'skipped:No email configured': 1 });
    for (const m of members.filter((x) => x.email && x.email !== failing)) expect(count(m.email!)).toHaveLength(1);
    const tries = count(failing);
    expect(tries).toHaveLength(2); // refused once, then accepted
    expect(tries[1].messageId).toBe(tries[0].messageId);
  }, 60_000);
});
