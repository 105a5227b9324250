import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appendNote } from '@warranty-crm/contract';
import { sign } from 'retell-sdk';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { createTicket, ticketPayload } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const RETELL_KEY = 'key_retell_test_0123456789';

let app: TestApp;
let smtp: SmtpCatcher;
let owner: SignedIn;
let member: InvitedMember;

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  app = await startTestApp({ JOBS_POLL_INTERVAL_MS: '200' });
  owner = await registerOwner(app);
  member = await inviteMember(app, owner);
  await owner.agent.patch('/api/user/profile').send({ first_name: 'Olivia', last_name: 'Owner' }).expect(200);
  await member.agent.patch('/api/user/profile').send({ first_name: 'Mark', last_name: 'Member' }).expect(200);
  await owner.agent
    .put('/api/settings')
    .send({ brands: ['Acme'], retell_api_key: RETELL_KEY, smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'support@acme.example' })
    .expect(200);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

interface Entry {
  at: string;
  kind: string;
  actor: string;
  text: string;
}

async function activity(who: SignedIn, id: string): Promise<Entry[]> {
  return (await who.agent.get(`/api/tickets/${id}/activity`).expect(200)).body;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('GET /api/tickets/{id}/activity', () => {
  it('lists the creation, confirmation, status change, note, edits, verification and the linked call in the order they happened', async () => {
    const ticket = await createTicket(owner.agent, { customerName: 'Ana Ruiz', customerEmail: 'ana@example.com' });
    await eventually('the confirmation was sent', async () => (await owner.agent.get(`/api/tickets/${ticket.id}`)).body.confirmation_status === 'sent');

    await member.agent.patch(`/api/tickets/${ticket.id}`).send({ status: 'Pending' }).expect(200);
    await tick();
    const description = (await member.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.issue_description as string;
    await member.agent.patch(`/api/tickets/${ticket.id}`).send({ issue_description: appendNote(description, 'Called the customer back.') }).expect(200);
    await tick();
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ purchase_verified: true }).expect(200);
    await tick();
    await member.agent.patch(`/api/tickets/${ticket.id}`).send({ priority: 'High' }).expect(200);
    await tick();
    // Sending what the ticket already has records nothing.
    await member.agent.patch(`/api/tickets/${ticket.id}`).send({ priority: 'High', purchase_verified: true }).expect(200);
    await tick();
    const [{ id: callId }] = (
      await app.db.query(
        `insert into call_logs (organization_id, ticket_id, call_type, from_phone, to_phone, caller_name, recording_duration)
         values ($1, $2, 'voicemail', '+15125550123', '+15125550199', 'Ana Ruiz', 83) returning id`,
        [owner.user.organization_id, ticket.id],
      )
    ).rows;
    await tick();
    await owner.agent.patch(`/api/call-logs/${callId}`).send({ is_returned: true }).expect(200);
    await tick();
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ issue_description: 'Oil leaks from the ram seal; rewritten by the owner.' }).expect(200);
    await tick();
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ status: 'Closed', purchase_verified: false }).expect(200);

    const entries = await activity(member, ticket.id);
    expect(entries.map(({ kind, actor, text }) => ({ kind, actor, text }))).toEqual([
      { kind: 'created', actor: 'Olivia Owner', text: 'Ticket created from the New Ticket form' },
      { kind: 'confirmation_email', actor: 'E-mail', text: 'Confirmation e-mail sent to ana@example.com' },
      { kind: 'status_changed', actor: 'Mark Member', text: 'Status changed from Open to Pending' },
      { kind: 'note', actor: 'Mark Member', text: 'Note added: Called the customer back.' },
      { kind: 'purchase_verification', actor: 'Olivia Owner', text: 'Purchase marked as verified' },
      { kind: 'priority_changed', actor: 'Mark Member', text: 'Priority changed from Medium to High' },
      { kind: 'call_linked', actor: 'Voicemail', text: 'Voicemail from Ana Ruiz (+15125550123), 1:23, linked to this ticket' },
      { kind: 'call_returned', actor: 'Olivia Owner', text: 'Returned the call from Ana Ruiz (+15125550123)' },
      { kind: 'description_edited', actor: 'Olivia Owner', text: 'Issue description edited' },
      { kind: 'status_changed', actor: 'Olivia Owner', text: 'Status changed from Pending to Closed' },
      { kind: 'purchase_verification', actor: 'Olivia Owner', text: 'Purchase marked as not verified' },
    ]);
    const times = entries.map((e) => new Date(e.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(entries[0].at).toBe(new Date(ticket.created_at as string).toISOString());
  });

  it('names the channel a ticket came in by: a call turned into a ticket, and the AI agent', async () => {
    const [{ id: callLogId }] = (
      await app.db.query(
        `insert into call_logs (organization_id, call_type, from_phone, to_phone) values ($1, 'call', '+15125550188', '+15125550199') returning id`,
        [owner.user.organization_id],
      )
    ).rows;
    const fromCall = await member.agent.post('/api/tickets').send(ticketPayload({ call_log_id: callLogId })).expect(201);
    // The call came first, then the ticket made from it.
    await eventually('the confirmation was sent', async () => (await owner.agent.get(`/api/tickets/${fromCall.body.id}`)).body.confirmation_status === 'sent');
    const callEntries = await activity(owner, fromCall.body.id);
    expect(callEntries.map(({ kind, actor, text }) => ({ kind, actor, text }))).toEqual([
      { kind: 'call_linked', actor: 'Phone call', text: 'Call from +15125550188 linked to this ticket' },
      { kind: 'created', actor: 'Mark Member', text: 'Ticket created from a phone call' },
      { kind: 'confirmation_email', actor: 'E-mail', text: `Confirmation e-mail sent to ${fromCall.body.confirmation_email}` },
    ]);

    const webhookId = (await owner.agent.post('/api/webhooks').send({ name: 'Acme line', brand: 'Acme' }).expect(201)).body.id as string;
    const raw = JSON.stringify({
      name: 'create_warranty_ticket',
      call: { call_id: `call_activity_${Date.now()}`, agent_id: 'agent_abc', call_type: 'phone_call', from_number: '+15125550142', to_number: '+15125550199', direction: 'inbound', start_timestamp: Date.now() - 60_000 },
      args: { customer_name: 'Dana Whitfield', product_sku: 'FJ-250', issue_description: 'The jack sinks slowly under load.' },
    });
    const res = await app.request().post(`/api/functions/create_warranty_ticket/${webhookId}`).set('Content-Type', 'application/json').set('x-retell-signature', await sign(raw, RETELL_KEY)).send(raw);
    expect(res.status).toBe(200);
    // No customer e-mail: no confirmation, and nothing about one in the trail.
    const agentEntries = await activity(owner, res.body.ticket_id);
    expect(agentEntries.map(({ kind, actor, text }) => ({ kind, actor, text }))).toEqual([
      { kind: 'call_linked', actor: 'AI agent', text: 'AI agent call from Dana Whitfield (+15125550142) linked to this ticket' },
      { kind: 'created', actor: 'AI agent', text: 'Ticket created by the AI agent during a call' },
    ]);
  });

  it("answers 404 for another organization's ticket and for an id that is none", async () => {
    const ticket = await createTicket(owner.agent);
    const stranger = await registerOwner(app);
    const res = await stranger.agent.get(`/api/tickets/${ticket.id}/activity`).expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Ticket not found' });
    await stranger.agent.get('/api/tickets/not-a-ticket/activity').expect(404);
    await app.request().get(`/api/tickets/${ticket.id}/activity`).expect(401);
  });
});
