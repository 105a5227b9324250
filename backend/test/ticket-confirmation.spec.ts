import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sign } from 'retell-sdk';
import { createTicket, ticketPayload } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually, queueIdle } from './support/job-probe.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const TASK = 'event:ticket.created:TicketConfirmationListener.onTicketCreated';
const RETELL_KEY = 'key_retell_test_0123456789';

let app: TestApp;
let smtp: SmtpCatcher;
let owner: SignedIn;

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  app = await startTestApp({ JOBS_POLL_INTERVAL_MS: '200' });
  owner = await registerOwner(app);
  await owner.agent
    .put('/api/settings')
    .send({ brands: ['Acme'], smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'support@acme.example', smtp_from_name: 'Acme Support' })
    .expect(200);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

async function detail(who: SignedIn, id: string): Promise<Record<string, unknown>> {
  return (await who.agent.get(`/api/tickets/${id}`).expect(200)).body;
}

async function settledAs(who: SignedIn, id: string, status: string, timeoutMs = 20_000): Promise<Record<string, unknown>> {
  let last: Record<string, unknown> = {};
  await eventually(`ticket ${id} confirmation is ${status}`, async () => (last = await detail(who, id)).confirmation_status === status, timeoutMs);
  return last;
}

/** The confirmation jobs still queued or kept as failed. */
async function confirmationJobs(): Promise<Array<{ attempts: number; max_attempts: number; last_error: string | null; locked_at: Date | null }>> {
  const rows = await app.db.query(
    `select j.attempts, j.max_attempts, j.last_error, j.locked_at from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = $1`,
    [TASK],
  );
  return rows.rows;
}

/** Every job the test's work queued has run: what has not happened by then will not. */
const settle = () => queueIdle(app.db);

describe('the confirmation e-mail of a new ticket', () => {
  it('sends the customer one e-mail with the ticket number, product, issue and the 24-hour promise, and records it as sent', async () => {
    const ticket = await createTicket(owner.agent, {
      customerName: 'Ana Ruiz',
      customerEmail: 'Ana.Ruiz@Example.com',
      productBrand: 'Acme',
      jackModel: '3-Ton Floor Jack',
      productSku: 'FJ-300',
      issueCategory: 'Hydraulic Oil Leak',
      issueDescription: 'Oil is leaking from the ram seal after a week of light use.',
      preferredResolution: 'Replacement',
    });
    expect(ticket.confirmation_status).toBe('pending');
    expect(ticket.confirmation_email).toBe('ana.ruiz@example.com');

    const sent = await settledAs(owner, ticket.id, 'sent');
    expect(sent.confirmation_email).toBe('ana.ruiz@example.com');
    expect(new Date(sent.confirmation_sent_at as string).getTime()).toBeGreaterThanOrEqual(new Date(ticket.created_at as string).getTime());
    expect(sent.confirmation_error).toBeNull();
    await settle();
    const mails = smtp.to('ana.ruiz@example.com');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.from).toBe('support@acme.example');
    expect(mail.subject).toBe(`We received your request: ticket ${ticket.ticketNumber}`);
    expect(mail.text).toContain('Hello Ana Ruiz,');
    expect(mail.text).toContain(`Ticket number: ${ticket.ticketNumber}`);
    expect(mail.text).toContain('Product: Acme 3-Ton Floor Jack (SKU FJ-300)');
    expect(mail.text).toContain('Issue: Hydraulic Oil Leak');
    expect(mail.text).toContain('Description: Oil is leaking from the ram seal after a week of light use.');
    expect(mail.text).toContain('We will respond within 24 hours.');
    expect(mail.html).toContain(ticket.ticketNumber);
    // Recording the outcome does not count as an update of the ticket.
    expect(sent.updated_at).toBe(ticket.updated_at);
  });

  it('promises 48 hours to a customer who asked for technical support only', async () => {
    const ticket = await createTicket(owner.agent, { customerEmail: 'support-only@example.com', preferredResolution: 'Technical Support Only' });
    await settledAs(owner, ticket.id, 'sent');
    const [mail] = smtp.to('support-only@example.com');
    expect(mail.text).toContain('We will respond within 48 hours.');
  });

  it('never sends twice: neither for the same job delivered again nor for a retry after the send was recorded', async () => {
    const ticket = await createTicket(owner.agent, { customerEmail: 'once@example.com' });
    await settledAs(owner, ticket.id, 'sent');
    const [{ key }] = (await app.db.query('select key from job_receipts where task = $1 order by created_at desc limit 1', [TASK])).rows;
    const eventId = (key as string).split(':')[0];
    const payload = JSON.stringify({
      organizationId: owner.user.organization_id,
      eventId,
      event: { organizationId: owner.user.organization_id, ticketId: ticket.id, brand: null, createdByUserId: owner.user.id },
      _receipt: key,
    });
    // The same job again, as after a crash between the handler's commit and the acknowledgement.
    await app.db.query('select graphile_worker.add_job($1, $2::json)', [TASK, payload]);
    await eventually('the redelivered job was taken', async () => (await confirmationJobs()).length === 0);
    // A retry whose job commit was lost after the e-mail went out: no receipt, the ticket says sent.
    await app.db.query('delete from job_receipts where key = $1', [key]);
    await app.db.query('select graphile_worker.add_job($1, $2::json)', [TASK, payload]);
    await eventually('the retried job ran', async () => (await app.db.query('select 1 from job_receipts where key = $1', [key])).rowCount === 1);
    await settle();
    expect(smtp.to('once@example.com')).toHaveLength(1);
    const activity = (await owner.agent.get(`/api/tickets/${ticket.id}/activity`).expect(200)).body as Array<{ kind: string }>;
    expect(activity.filter((a) => a.kind === 'confirmation_email')).toHaveLength(1);
  });

  it('retries through an SMTP outage with backoff and sends once when the server is back', async () => {
    await smtp.stop();
    let ticket;
    try {
      ticket = await createTicket(owner.agent, { customerEmail: 'outage@example.com' });
      await eventually('the first attempt failed', async () => {
        const [job] = await confirmationJobs();
        return !!job && job.attempts >= 1 && !!job.last_error;
      });
      const pending = await detail(owner, ticket.id);
      expect(pending.confirmation_status).toBe('pending');
      expect(pending.confirmation_error).toMatch(/ECONNREFUSED/);
    } finally {
      await smtp.start();
    }
    const sent = await settledAs(owner, ticket.id, 'sent', 30_000);
    expect(sent.confirmation_error).toBeNull();
    await settle();
    expect(smtp.to('outage@example.com')).toHaveLength(1);
    expect(await confirmationJobs()).toEqual([]);
    // The failed attempt left the trail alone: only the final outcome is a row of it.
    const activity = (await owner.agent.get(`/api/tickets/${ticket.id}/activity`).expect(200)).body as Array<{ kind: string; text: string }>;
    expect(activity.filter((a) => a.kind === 'confirmation_email').map((a) => a.text)).toEqual(['Confirmation e-mail sent to outage@example.com']);
  }, 60_000);

  it('marks the confirmation failed only after the last attempt, with the reason, and keeps the job as failed', async () => {
    await smtp.stop();
    try {
      const ticket = await createTicket(owner.agent, { customerEmail: 'never@example.com' });
      await eventually('the first attempt failed', async () => {
        const [job] = await confirmationJobs();
        return !!job && job.attempts >= 1 && !!job.last_error;
      });
      expect((await detail(owner, ticket.id)).confirmation_status).toBe('pending');
      // Skip the backoff: the next attempt is the last one.
      await eventually('the job was moved to its last attempt', async () => {
        const res = await app.db.query(
          `update graphile_worker._private_jobs set attempts = max_attempts - 1, run_at = now()
            where task_id = (select id from graphile_worker._private_tasks where identifier = $1) and locked_at is null`,
          [TASK],
        );
        return res.rowCount === 1;
      });
      const failed = await settledAs(owner, ticket.id, 'failed');
      expect(failed.confirmation_error).toMatch(/ECONNREFUSED/);
      expect(failed.confirmation_sent_at).toBeNull();
      const [job] = await confirmationJobs();
      expect(job.attempts).toBe(job.max_attempts);
      // The retry of a send that failed in its batch: the attempts left of the six (the batch's was the first).
      expect(job.max_attempts).toBe(5);
      const activity = (await owner.agent.get(`/api/tickets/${ticket.id}/activity`).expect(200)).body as Array<{ kind: string; text: string }>;
      const trail = activity.filter((a) => a.kind === 'confirmation_email');
      expect(trail).toHaveLength(1);
      expect(trail[0].text).toMatch(/^Confirmation e-mail to never@example\.com failed: .*ECONNREFUSED/);
      await app.db.query(
        'delete from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = $1)',
        [TASK],
      );
    } finally {
      await smtp.start();
    }
    await settle();
    expect(smtp.to('never@example.com')).toHaveLength(0);
  }, 60_000);

  it('records that no confirmation was sent when the organization has no SMTP, and sends nothing', async () => {
    const other = await registerOwner(app);
    const ticket = await createTicket(other.agent, { customerEmail: 'nosmtp@example.com' });
    const settled = await settledAs(other, ticket.id, 'not_sent_no_smtp');
    expect(settled.confirmation_sent_at).toBeNull();
    const activity = (await other.agent.get(`/api/tickets/${ticket.id}/activity`).expect(200)).body as Array<{ kind: string; text: string; actor: string }>;
    expect(activity.filter((a) => a.kind === 'confirmation_email')).toEqual([
      { at: expect.any(String), kind: 'confirmation_email', actor: 'E-mail', text: 'No confirmation e-mail was sent: SMTP is not configured' },
    ]);
    await settle();
    expect(smtp.to('nosmtp@example.com')).toHaveLength(0);
  });

  it('confirms tickets of every intake: a call turned into a ticket and the AI agent (without an e-mail, none)', async () => {
    await owner.agent.put('/api/settings').send({ retell_api_key: RETELL_KEY }).expect(200);
    const webhookId = (await owner.agent.post('/api/webhooks').send({ name: 'Acme line', brand: 'Acme' }).expect(201)).body.id as string;
    const agentTicket = async (callId: string, email?: string) => {
      const raw = JSON.stringify({
        name: 'create_warranty_ticket',
        call: { call_id: callId, agent_id: 'agent_abc', call_type: 'phone_call', from_number: '+15125550142', to_number: '+15125550199', direction: 'inbound', start_timestamp: Date.now() - 60_000 },
        args: { customer_name: 'Dana Whitfield', ...(email ? { customer_email: email } : {}), product_sku: 'FJ-250', issue_description: 'The jack sinks slowly under load.' },
      });
      const res = await app.request().post(`/api/functions/create_warranty_ticket/${webhookId}`).set('Content-Type', 'application/json').set('x-retell-signature', await sign(raw, RETELL_KEY)).send(raw);
      expect(res.status).toBe(200);
      return res.body.ticket_id as string;
    };

    const withEmail = await agentTicket(`call_confirm_${Date.now()}`, 'dana@example.com');
    await settledAs(owner, withEmail, 'sent');
    expect(smtp.to('dana@example.com')).toHaveLength(1);

    const withoutEmail = await agentTicket(`call_noemail_${Date.now()}`);
    const noEmail = await detail(owner, withoutEmail);
    expect(noEmail.confirmation_status).toBeNull();
    expect(noEmail.confirmation_email).toBeNull();

    const callLogId = (
      await app.db.query(
        `insert into call_logs (organization_id, call_type, from_phone, to_phone) values ($1, 'voicemail', '+15125550177', '+15125550199') returning id`,
        [owner.user.organization_id],
      )
    ).rows[0].id as string;
    const fromCall = await owner.agent.post('/api/tickets').send(ticketPayload({ customerEmail: 'caller@example.com', call_log_id: callLogId })).expect(201);
    await settledAs(owner, fromCall.body.id, 'sent');
    expect(smtp.to('caller@example.com')).toHaveLength(1);
    await settle();
    expect((await detail(owner, withoutEmail)).confirmation_status).toBeNull();
  });
});
