import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { OverdueTickets } from '../src/modules/ticket-analytics/sla/overdue-tickets.service.js';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { createTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually, queueIdle } from './support/job-probe.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const QUEUE_ENV = { JOBS_POLL_INTERVAL_MS: '200' };

let a: TestApp;
let b: TestApp;
let owner: SignedIn;
let member: InvitedMember;

beforeAll(async () => {
  a = await startTestApp(QUEUE_ENV);
  b = await startTestApp(QUEUE_ENV, { databaseUrl: a.databaseUrl });
  owner = await registerOwner(a);
  member = await inviteMember(a, owner);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function overdueNotifications(ticketId: string): Promise<{ user_id: string; title: string; message: string }[]> {
  const { rows } = await a.db.query(
    `select user_id, title, message from notifications where type = 'ticket_overdue' and related_entity_id = $1 order by user_id`,
    [ticketId],
  );
  return rows;
}

/**
 * Waits until the handlers of what the test did (the creates' confirmation, assignment and
 * notifications) are done: a handler holds its ticket's row while it runs, and a scan leaves a held
 * row to the next minute, so a scan run under a handler would find nothing to do.
 */
async function handlersDone(): Promise<void> {
  await queueIdle(a.db, { except: ['tickets.overdue-scan'] });
}

/** Moves a ticket back in time so that its 24-hour promise ran out a minute ago. */
async function makeOverdue(ticketId: string): Promise<void> {
  await a.db.query(
    `update tickets set created_at = now() - interval '24 hours 1 minute', respond_by = now() - interval '1 minute' where id = $1`,
    [ticketId],
  );
}

describe('the overdue notification', () => {
  it('is raised once per ticket when both instances scan at the same time, to every user of the organization', async () => {
    const ticket = await createTicket(owner.agent, { customerName: 'Olga Overdue' });
    const other = await registerOwner(a);
    const foreign = await createTicket(other.agent);
    await makeOverdue(ticket.id);
    await makeOverdue(foreign.id);

    await Promise.all([a.created.app.get(OverdueTickets).raiseOverdue(), b.created.app.get(OverdueTickets).raiseOverdue()]);
    await Promise.all([a.created.app.get(OverdueTickets).raiseOverdue(), b.created.app.get(OverdueTickets).raiseOverdue()]);

    await eventually('both users were notified', async () => (await overdueNotifications(ticket.id)).length >= 2);
    await handlersDone();
    const rows = await overdueNotifications(ticket.id);
    expect(rows.map((r) => r.user_id)).toEqual([owner.user.id, member.user.id].sort());
    expect(rows[0].title).toBe(`Ticket ${ticket.ticket_number} is overdue`);
    expect(rows[0].message).toContain('Olga Overdue');
    expect(rows[0].message).toContain('promised within 24 hours');
    // The other organization's ticket notified only its own user.
    await eventually("the other organization's user was notified", async () => (await overdueNotifications(foreign.id)).length >= 1);
    const foreignRows = await overdueNotifications(foreign.id);
    expect(foreignRows.map((r) => r.user_id)).toEqual([other.user.id]);
    const marked = await a.db.query('select overdue_notified_at from tickets where id = $1', [ticket.id]);
    expect(marked.rows[0].overdue_notified_at).not.toBeNull();

    // The bell shows it.
    const bell = await member.agent.get('/api/notifications').expect(200);
    expect(JSON.stringify(bell.body)).toContain(`Ticket ${ticket.ticket_number} is overdue`);
  }, 60_000);

  it("goes on with other organizations when one's due tickets are held by another scan", async () => {
    const busy = await registerOwner(a);
    const held = await createTicket(busy.agent);
    const quiet = await registerOwner(a);
    const due = await createTicket(quiet.agent);
    await makeOverdue(held.id);
    await makeOverdue(due.id);
    await handlersDone();
    // Another scan (the other instance) holds the busy organization's due ticket.
    const other = new pg.Client({ connectionString: a.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from tickets where id = $1 for update', [held.id]);
      // (the every-minute schedule may scan at the same moment and hold the due ticket until it
      // commits its mark: the marks are what counts)
      await a.created.app.get(OverdueTickets).raiseOverdue();
      const markOf = async (id: string) => (await a.db.query('select overdue_notified_at from tickets where id = $1', [id])).rows[0].overdue_notified_at;
      await eventually('the due ticket of the quiet organization was marked', async () => (await markOf(due.id)) !== null);
      expect(await markOf(held.id)).toBeNull();
    } finally {
      await other.query('rollback');
      await other.end();
    }
    // Released, the next scan takes it.
    await a.created.app.get(OverdueTickets).raiseOverdue();
    const after = await a.db.query('select overdue_notified_at from tickets where id = $1', [held.id]);
    expect(after.rows[0].overdue_notified_at).not.toBeNull();
  });

  it('is not raised for a ticket answered before its respond_by passed, nor for one still within it', async () => {
    const answered = await createTicket(owner.agent);
    await owner.agent.patch(`/api/tickets/${answered.id}`).send({ status: 'Pending' }).expect(200);
    await makeOverdue(answered.id);
    const waiting = await createTicket(owner.agent);
    await handlersDone();
    expect(await a.created.app.get(OverdueTickets).raiseOverdue()).toBe(0);
    await handlersDone();
    expect(await overdueNotifications(answered.id)).toEqual([]);
    expect(await overdueNotifications(waiting.id)).toEqual([]);
  });

  it('comes from the every-minute schedule, which runs once across the two instances', async () => {
    const ticket = await createTicket(owner.agent);
    await makeOverdue(ticket.id);
    await eventually('the scheduled scan reported the ticket', async () => (await overdueNotifications(ticket.id)).length >= 2, 80_000);
    // Once what the scans queued has run: still one per user.
    await handlersDone();
    expect((await overdueNotifications(ticket.id)).map((r) => r.user_id)).toEqual([owner.user.id, member.user.id].sort());
  }, 100_000);
});
