import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_DENIAL_REASONS } from '@warranty-crm/contract';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { createTicket, type CreatedTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let smtp: SmtpCatcher;
let owner: SignedIn;
let member: InvitedMember;
let other: SignedIn;

const SUPPORT = 'claims@acme.example';

async function activityTexts(who: SignedIn, ticketId: string): Promise<string[]> {
  return ((await who.agent.get(`/api/tickets/${ticketId}/activity`).expect(200)).body as Array<{ kind: string; text: string }>)
    .filter((e) => e.kind === 'warranty_decision')
    .map((e) => e.text);
}

async function ticketFor(overrides: Record<string, unknown> = {}): Promise<CreatedTicket> {
  return createTicket(owner.agent, { productBrand: 'Acme', jackModel: '3-Ton Floor Jack', ...overrides });
}

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  app = await startTestApp({ JOBS_POLL_INTERVAL_MS: '200' });
  owner = await registerOwner(app);
  other = await registerOwner(app);
  member = await inviteMember(app, owner);
  await owner.agent
    .put('/api/settings')
    .send({ brands: ['Acme'], smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: SUPPORT, smtp_from_name: 'Acme Claims' })
    .expect(200);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

describe('warranty settings', () => {
  it('start with the default denial reasons and templates; an admin edits them, an agent may only read them', async () => {
    const fresh = (await other.agent.get('/api/settings/warranty').expect(200)).body;
    expect(fresh.denial_reasons).toEqual([...DEFAULT_DENIAL_REASONS]);
    expect(fresh.approval_template).toContain('{{ticket_number}}');
    expect(fresh.placeholders).toEqual(expect.arrayContaining(['ticket_number', 'customer_first_name', 'product', 'reason', 'rma_number']));

    await member.agent.put('/api/settings/warranty').send({ denial_reasons: ['Nope'] }).expect(403);
    expect((await member.agent.get('/api/settings/warranty').expect(200)).body.denial_reasons).toEqual([...DEFAULT_DENIAL_REASONS]);

    const bad = await owner.agent.put('/api/settings/warranty').send({ denial_reasons: [] }).expect(400);
    expect(bad.body.message).toContain('Keep at least one denial reason');

    const saved = await owner.agent
      .put('/api/settings/warranty')
      .send({
        denial_reasons: ['Out of warranty', 'Misuse or damage', 'Rust damage'],
        approval_template: 'Hi {{customer_first_name}}, claim {{ticket_number}} for your {{product}} is approved. {{note}}',
        denial_template: 'Hi {{ customer_first_name }}, claim {{ticket_number}} ({{product}}) is denied: {{reason}}.',
      })
      .expect(200);
    expect(saved.body.denial_reasons).toEqual(['Out of warranty', 'Misuse or damage', 'Rust damage']);
    // Another organization keeps its own.
    expect((await other.agent.get('/api/settings/warranty').expect(200)).body.denial_reasons).toEqual([...DEFAULT_DENIAL_REASONS]);
  });
});

describe('POST /api/tickets/{id}/decision', () => {
  it('approves and tells the customer by e-mail through the thread, from the organization template', async () => {
    const ticket = await ticketFor({ customerName: 'Ana Ruiz', customerEmail: 'ana.decision@example.com' });
    const res = await member.agent
      .post(`/api/tickets/${ticket.id}/decision`)
      .send({ decision: 'approved', note: 'A new unit ships this week.', notify_customer: true })
      .expect(200);
    expect(res.body).toMatchObject({ ticket_id: ticket.id, decision: 'approved', reason: null, note: 'A new unit ships this week.', decided_by_id: member.user.id });
    expect(res.body.notification).toMatchObject({ channel: 'email', text: 'The customer is told by e-mail at ana.decision@example.com' });

    const thread = (await owner.agent.get(`/api/tickets/${ticket.id}/messages`).expect(200)).body as Array<{ id: string; body: string; channel: string }>;
    const message = thread.find((m) => m.id === res.body.notification.message_id)!;
    expect(message).toMatchObject({ channel: 'email', body: `Hi Ana, claim ${ticket.ticket_number} for your Acme 3-Ton Floor Jack is approved. A new unit ships this week.` });

    await eventually('the approval e-mail arrives', () => smtp.to('ana.decision@example.com').some((m) => m.subject.includes('is approved')));
    const mail = smtp.to('ana.decision@example.com').find((m) => m.subject.includes('is approved'))!;
    expect(mail.subject).toContain(ticket.ticket_number);
    expect(mail.text).toContain(`Hi Ana, claim ${ticket.ticket_number} for your Acme 3-Ton Floor Jack is approved.`);
    expect(mail.from).toBe(SUPPORT);

    expect(await activityTexts(owner, ticket.id)).toEqual(['Claim approved; the customer was told by e-mail']);
    const outcome = (await owner.agent.get(`/api/tickets/${ticket.id}/resolution`).expect(200)).body;
    expect(outcome).toMatchObject({ decision: { decision: 'approved' }, resolution: null });
  });

  it('denies with one of the reasons, fills {{reason}}, and a changed decision is recorded again', async () => {
    const ticket = await ticketFor({ customerName: 'Bo Lind', customerEmail: 'bo.decision@example.com' });
    await owner.agent.post(`/api/tickets/${ticket.id}/decision`).send({ decision: 'denied', reason: 'Rust damage', notify_customer: true }).expect(200);
    await eventually('the denial e-mail arrives', () => smtp.to('bo.decision@example.com').some((m) => m.text.includes('is denied')));
    expect(smtp.to('bo.decision@example.com').find((m) => m.text.includes('is denied'))!.text).toContain(
      `Hi Bo, claim ${ticket.ticket_number} (Acme 3-Ton Floor Jack) is denied: Rust damage.`,
    );

    const changed = await owner.agent.post(`/api/tickets/${ticket.id}/decision`).send({ decision: 'approved', notify_customer: false }).expect(200);
    expect(changed.body).toMatchObject({ decision: 'approved', reason: null, notification: null });
    expect(await activityTexts(owner, ticket.id)).toEqual([
      'Claim denied (Rust damage); the customer was told by e-mail',
      'Decision changed: claim approved',
    ]);
    const rows = await app.db.query('select decision from warranty_claims where ticket_id = $1', [ticket.id]);
    expect(rows.rows).toEqual([{ decision: 'approved' }]);
  });

  it('tells nobody, and says so, when the ticket has no customer e-mail or phone', async () => {
    const ticket = await ticketFor();
    await app.db.query('update customers set email = null, phone = null where id = $1', [ticket.customer.id]);
    const res = await owner.agent.post(`/api/tickets/${ticket.id}/decision`).send({ decision: 'approved', notify_customer: true }).expect(200);
    expect(res.body.notification).toEqual({ channel: 'none', message_id: null, text: 'The customer was not told: the ticket has no customer e-mail or phone' });
    expect(await activityTexts(owner, ticket.id)).toEqual(['Claim approved; the customer could not be told (no e-mail or phone)']);
  });

  it('texts when there is no e-mail but a phone: without Twilio that is a 400 and no decision is kept', async () => {
    const ticket = await ticketFor();
    await app.db.query('update customers set email = null where id = $1', [ticket.customer.id]);
    const res = await owner.agent.post(`/api/tickets/${ticket.id}/decision`).send({ decision: 'denied', reason: 'Out of warranty', notify_customer: true }).expect(400);
    expect(res.body.code).toBe('conversations.no_twilio');
    expect((await app.db.query('select 1 from warranty_claims where ticket_id = $1', [ticket.id])).rowCount).toBe(0);
    expect(await activityTexts(owner, ticket.id)).toEqual([]);
  });

  it('answers clear 400s', async () => {
    const ticket = await ticketFor();
    const url = `/api/tickets/${ticket.id}/decision`;
    expect((await owner.agent.post(url).send({ decision: 'maybe', notify_customer: false }).expect(400)).body.message).toContain('Decision must be one of: approved, denied');
    expect((await owner.agent.post(url).send({ decision: 'approved' }).expect(400)).body.message).toContain('notify_customer must be true or false');
    expect((await owner.agent.post(url).send({ decision: 'denied', notify_customer: false }).expect(400)).body).toMatchObject({ code: 'warranty.reason_required', message: 'A denial needs a reason' });
    expect((await owner.agent.post(url).send({ decision: 'denied', reason: 'Not a defect', notify_customer: false }).expect(400)).body).toMatchObject({
      code: 'warranty.unknown_reason',
    });
    await other.agent.post(url).send({ decision: 'approved', notify_customer: false }).expect(404);
    expect((await app.db.query('select 1 from warranty_claims where ticket_id = $1', [ticket.id])).rowCount).toBe(0);
  });
});
