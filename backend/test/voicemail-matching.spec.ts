import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { connectAccount, leaveVoicemail, startTelephonyApp, type TelephonyApp } from './factories/telephony.js';
import { createTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { EventProbe, EventProbeModule } from './support/event-probe.js';

let t: TelephonyApp;
let owner: SignedIn;
let account: FakeAccount;
let line: { id: string; phone_number: string };

async function logOf(callSid: string): Promise<{ id: string; customer_id: string | null; ticket_id: string | null }> {
  return (await t.app.db.query('select id, customer_id, ticket_id from call_logs where call_sid = $1', [callSid])).rows[0];
}

beforeAll(async () => {
  t = await startTelephonyApp({}, { imports: [EventProbeModule] });
  owner = await registerOwner(t.app);
  account = await connectAccount(t.fake, owner.agent);
  const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '512' }).expect(200);
  line = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body;
});
afterAll(async () => t.close());

describe('customer matching at voicemail intake', () => {
  it('links a voicemail from a customer with an open ticket to that ticket (its Call History) and names the customer', async () => {
    const ticket = await createTicket(owner.agent, { customerPhone: '+17375550111' });
    const { callSid } = await leaveVoicemail(t, account, { from: '+17375550111', to: line.phone_number });
    const log = await logOf(callSid);
    expect(log).toMatchObject({ customer_id: ticket.customer.id, ticket_id: ticket.id });
    const history = await owner.agent.get(`/api/tickets/${ticket.id}/call-logs`).expect(200);
    expect(history.body.map((c: { id: string }) => c.id)).toEqual([log.id]);
    const listed = await owner.agent.get('/api/call-logs').expect(200);
    expect(listed.body.find((c: { id: string }) => c.id === log.id)).toMatchObject({ customer_id: ticket.customer.id, ticket_id: ticket.id });
  });

  it('a second voicemail from the same caller links to the same open ticket', async () => {
    const ticket = await createTicket(owner.agent, { customerPhone: '+17375550222' });
    const first = await leaveVoicemail(t, account, { from: '+17375550222', to: line.phone_number });
    const second = await leaveVoicemail(t, account, { from: '+17375550222', to: line.phone_number });
    expect((await logOf(first.callSid)).ticket_id).toBe(ticket.id);
    expect((await logOf(second.callSid)).ticket_id).toBe(ticket.id);
    const probe = t.app.created.app.get(EventProbe);
    const raised = await probe.waitFor((e) => e.name === 'call.linked_to_ticket' && e.payload.ticketId === ticket.id, 2);
    expect(raised.map((e) => e.payload.callLogId).sort()).toEqual([(await logOf(first.callSid)).id, (await logOf(second.callSid)).id].sort());
    expect(raised.every((e) => e.payload.customerId === ticket.customer.id && e.scopedTo === owner.user.organization_id)).toBe(true);
    const history = await owner.agent.get(`/api/tickets/${ticket.id}/call-logs`).expect(200);
    expect(history.body).toHaveLength(2);
  });

  it('matches a phone on file in another format, and picks the newest open ticket', async () => {
    const old = await createTicket(owner.agent, { customerPhone: '(737) 555-0333', customerEmail: 'fmt@example.com' });
    const newer = await createTicket(owner.agent, { customerPhone: '(737) 555-0333', customerEmail: 'fmt@example.com' });
    expect(newer.customer.id).toBe(old.customer.id);
    const { callSid } = await leaveVoicemail(t, account, { from: '+17375550333', to: line.phone_number });
    expect(await logOf(callSid)).toMatchObject({ customer_id: old.customer.id, ticket_id: newer.id });
  });

  it('attaches a caller whose tickets are all closed to the customer only', async () => {
    const ticket = await createTicket(owner.agent, { customerPhone: '+17375550444' });
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ status: 'Closed' }).expect(200);
    const { callSid } = await leaveVoicemail(t, account, { from: '+17375550444', to: line.phone_number });
    expect(await logOf(callSid)).toMatchObject({ customer_id: ticket.customer.id, ticket_id: null });
  });

  it("leaves an unknown caller unmatched and never matches another organization's customer", async () => {
    const other = await registerOwner(t.app);
    await createTicket(other.agent, { customerPhone: '+17375550555' });
    const { callSid } = await leaveVoicemail(t, account, { from: '+17375550555', to: line.phone_number });
    expect(await logOf(callSid)).toMatchObject({ customer_id: null, ticket_id: null });
  });
});
