import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TenantRunner } from '../src/common/tenancy/tenant-runner.js';
import { ConversationRecorder } from '../src/modules/conversations/conversation-recorder.js';
import { TicketMessage, type MessageChannel, type MessageDirection } from '../src/modules/conversations/ticket-message.entity.js';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { createTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Who hears of a message on a ticket's thread: the ticket_messages row is written the one way the
// conversation writes it (ConversationRecorder.record), and its TicketMessageCreatedEvent's handler fans out.
let app: TestApp;
let owner: SignedIn;
let maria: InvitedMember;
let ken: InvitedMember;
let org: string;

const HANDLER = 'event:conversation.message_created:ConversationNotificationSources.onMessage';

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  maria = await inviteMember(app, owner);
  ken = await inviteMember(app, owner);
  await ken.agent.patch('/api/user/profile').send({ first_name: 'Ken', last_name: 'Ito' }).expect(200);
  org = owner.user.organization_id;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** Writes a message whose body carries its id's first characters, so its notifications can be told apart. */
async function messageWithTag(ticketId: string, channel: MessageChannel, direction: MessageDirection, authorId: string | null): Promise<string> {
  const recorder = app.created.app.get(ConversationRecorder);
  const id = randomUUID();
  const body = `${id.slice(0, 8)}: thanks, the replacement arrived`;
  return app.created.app.get(TenantRunner).run(org, async ({ em }) => {
    const message = em.create(TicketMessage, {
      id,
      organization: org,
      ticket: ticketId,
      channel,
      direction,
      status: direction === 'inbound' ? 'received' : direction === 'outbound' ? 'queued' : 'internal',
      author: authorId,
      body,
    });
    await recorder.record(em, message);
    return message.id;
  });
}

/** Waits until the message's handler ran; then answers each user's notifications of it, by type. */
async function notified(messageId: string, ticketId: string): Promise<Record<string, string[]>> {
  await eventually('the handler ran for every message', async () => {
    const { rows } = await app.db.query(
      `select (select count(*) from job_receipts where task = $1)::int as runs, (select count(*) from ticket_messages where organization_id = $2)::int as messages`,
      [HANDLER, org],
    );
    return rows[0].runs === rows[0].messages;
  });
  const { rows } = await app.db.query(
    `select type, user_id from notifications where related_entity_id = $1 and type in ('inbox_app_message', 'assigned_conversation', 'team_reply') and message like $2`,
    [ticketId, `%${messageId.slice(0, 8)}%`],
  );
  const who = new Map([[owner.user.id, 'owner'], [maria.user.id, 'maria'], [ken.user.id, 'ken']]);
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.type] ??= []).push(who.get(r.user_id) ?? r.user_id);
  for (const list of Object.values(out)) list.sort();
  return out;
}

describe('notifications of the conversation', () => {
  it('a customer writing on an unassigned ticket: inbox_app_message to everyone', async () => {
    const ticket = await createTicket(owner.agent);
    const id = await messageWithTag(ticket.id, 'email', 'inbound', null);
    expect(await notified(id, ticket.id)).toEqual({ inbox_app_message: ['ken', 'maria', 'owner'] });
  });

  it('a customer writing on an assigned ticket: assigned_conversation to the assignee, inbox_app_message to the others, never both', async () => {
    const ticket = await createTicket(owner.agent, { customerName: 'Ana Ruiz' });
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ assignee_id: maria.user.id }).expect(200);
    const id = await messageWithTag(ticket.id, 'sms', 'inbound', null);
    expect(await notified(id, ticket.id)).toEqual({ assigned_conversation: ['maria'], inbox_app_message: ['ken', 'owner'] });
    const { rows } = await app.db.query(`select title, metadata from notifications where type = 'assigned_conversation' and related_entity_id = $1`, [ticket.id]);
    expect(rows[0].title).toBe(`Ana Ruiz wrote on ticket ${ticket.ticket_number}`);
    expect(rows[0].metadata).toMatchObject({ ticket_number: ticket.ticket_number, channel: 'sms' });
  });

  it('a teammate answering the customer: team_reply to the assignee only; the assignee answering: nobody', async () => {
    const ticket = await createTicket(owner.agent);
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ assignee_id: maria.user.id }).expect(200);
    const byKen = await messageWithTag(ticket.id, 'email', 'outbound', ken.user.id);
    expect(await notified(byKen, ticket.id)).toEqual({ team_reply: ['maria'] });
    const { rows } = await app.db.query(`select title from notifications where type = 'team_reply' and related_entity_id = $1`, [ticket.id]);
    expect(rows[0].title).toBe(`Ken Ito replied on ticket ${ticket.ticket_number}`);

    const byMaria = await messageWithTag(ticket.id, 'email', 'outbound', maria.user.id);
    expect(await notified(byMaria, ticket.id)).toEqual({});
  });

  it('an answer on an unassigned ticket and an internal comment notify nobody', async () => {
    const ticket = await createTicket(owner.agent);
    const reply = await messageWithTag(ticket.id, 'email', 'outbound', ken.user.id);
    expect(await notified(reply, ticket.id)).toEqual({});
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ assignee_id: maria.user.id }).expect(200);
    const comment = await messageWithTag(ticket.id, 'comment', 'internal', ken.user.id);
    expect(await notified(comment, ticket.id)).toEqual({});
  });

  it('links each notification to the ticket', async () => {
    const ticket = await createTicket(owner.agent);
    const id = await messageWithTag(ticket.id, 'email', 'inbound', null);
    await notified(id, ticket.id);
    const { rows } = await app.db.query(`select distinct related_entity_type, related_entity_id from notifications where related_entity_id = $1`, [ticket.id]);
    expect(rows).toEqual([{ related_entity_type: 'ticket', related_entity_id: ticket.id }]);
    // The browser alert each recipient's open tabs get points at /tickets/{id}.
    const { rows: deliveries } = await app.db.query(`select count(*)::int as n from notification_deliveries where source_key = $1 and channel = 'browser'`, [`inbox_app_message:${id}`]);
    expect(deliveries[0].n).toBe(3);
  });
});
