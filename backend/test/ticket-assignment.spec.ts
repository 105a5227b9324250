import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { createTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { AutoAssignment } from '../src/modules/tickets/assignment/auto-assignment.service.js';
import { TenantRunner } from '../src/common/tenancy/tenant-runner.js';
import { eventually } from './support/job-probe.js';
import { statementsOf } from './support/statement-counter.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let maria: InvitedMember;
let ken: InvitedMember;
let stranger: SignedIn;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  maria = await inviteMember(app, owner);
  ken = await inviteMember(app, owner);
  await maria.agent.patch('/api/user/profile').send({ first_name: 'Maria', last_name: 'Lopez' }).expect(200);
  await ken.agent.patch('/api/user/profile').send({ first_name: 'Ken', last_name: 'Ito' }).expect(200);
  stranger = await registerOwner(app);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** The in-app notifications of a type a user has about a ticket. */
async function notificationsOf(userId: string, type: string, ticketId: string): Promise<{ title: string; message: string }[]> {
  const { rows } = await app.db.query(
    `select title, message from notifications where user_id = $1 and type = $2 and related_entity_id = $3 order by created_at`,
    [userId, type, ticketId],
  );
  return rows;
}

const ASSIGNED_TASK = 'event:ticket.assigned:ConversationNotificationSources.onAssigned';
const AUTO_ASSIGN_TASK = 'event:ticket.created:AutoAssignListener.onTicketCreated';

/**
 * Waits until the organization's handlers have run for every assignment (one event per `assigned`
 * activity row) and every ticket's creation (the round-robin's turn), so what is absent then stays absent.
 */
async function settled(organizationId: string): Promise<void> {
  await eventually('the assignment and creation handlers ran', async () => {
    const { rows } = await app.db.query(
      `select (select count(*) from job_receipts where organization_id = $1 and task = $2)::int as assigned_runs,
              (select count(*) from ticket_activities where organization_id = $1 and kind = 'assigned')::int as assigned,
              (select count(*) from job_receipts where organization_id = $1 and task = $3)::int as created_runs,
              (select count(*) from tickets where organization_id = $1)::int as created`,
      [organizationId, ASSIGNED_TASK, AUTO_ASSIGN_TASK],
    );
    return rows[0].assigned_runs === rows[0].assigned && rows[0].created_runs === rows[0].created;
  });
}

describe('assigning a ticket', () => {
  it('assigns from the detail page (PATCH), shows the assignee and records it in the activity', async () => {
    const ticket = await createTicket(owner.agent);
    expect(ticket.assignee_id).toBeNull();
    expect(ticket.assignee).toBeNull();

    const res = await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ assignee_id: maria.user.id }).expect(200);
    expect(res.body.assignee_id).toBe(maria.user.id);
    expect(res.body.assignee).toEqual({ id: maria.user.id, name: 'Maria Lopez' });
    expect((await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.assignee).toEqual({ id: maria.user.id, name: 'Maria Lopez' });

    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ assignee_id: ken.user.id }).expect(200);
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ assignee_id: null }).expect(200);
    const activity = (await owner.agent.get(`/api/tickets/${ticket.id}/activity`).expect(200)).body;
    expect(activity.filter((e: { kind: string }) => e.kind === 'assigned').map((e: { text: string }) => e.text)).toEqual([
      'Assigned to Maria Lopez',
      'Reassigned from Maria Lopez to Ken Ito',
      'Unassigned (was Ken Ito)',
    ]);
    expect((await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.assignee).toBeNull();
  });

  it('lists who can be assigned (the organization\'s users, by name) to every user', async () => {
    const res = await ken.agent.get('/api/tickets/assignees').expect(200);
    expect(res.body).toEqual(
      expect.arrayContaining([
        { id: maria.user.id, name: 'Maria Lopez' },
        { id: ken.user.id, name: 'Ken Ito' },
        { id: owner.user.id, name: owner.user.username },
      ]),
    );
    expect(res.body.map((u: { id: string }) => u.id)).not.toContain(stranger.user.id);
    expect(res.body.findIndex((u: { id: string }) => u.id === ken.user.id)).toBeLessThan(res.body.findIndex((u: { id: string }) => u.id === maria.user.id));
  });

  it('assigns only users of the same organization: another organization\'s user is a 404, a malformed id a 400', async () => {
    const ticket = await createTicket(owner.agent);
    const other = await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ assignee_id: stranger.user.id }).expect(404);
    expect(other.body).toMatchObject({ code: 'tickets.assignee_not_found', error: 'Assignee not found: only users of your organization can be assigned' });
    const bad = await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ assignee_id: 'maria' }).expect(400);
    expect(bad.body.error).toBe('assignee_id must be the id of a user of your organization, or null');
    const bulk = await owner.agent.patch('/api/tickets/bulk-update').send({ ticketIds: [ticket.id], assignee_id: stranger.user.id }).expect(404);
    expect(bulk.body.code).toBe('tickets.assignee_not_found');
    expect((await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.assignee_id).toBeNull();
  });

  it('assigns many tickets from the bulk bar, recording each change once', async () => {
    const a = await createTicket(owner.agent);
    const b = await createTicket(owner.agent);
    await owner.agent.patch(`/api/tickets/${a.id}`).send({ assignee_id: ken.user.id }).expect(200);
    const res = await owner.agent.patch('/api/tickets/bulk-update').send({ ticketIds: [a.id, b.id], assignee_id: ken.user.id }).expect(200);
    expect(res.body).toEqual({ updated: 2 });
    for (const t of [a, b]) expect((await owner.agent.get(`/api/tickets/${t.id}`).expect(200)).body.assignee_id).toBe(ken.user.id);
    const assigned = async (id: string) =>
      (await owner.agent.get(`/api/tickets/${id}/activity`).expect(200)).body.filter((e: { kind: string }) => e.kind === 'assigned').length;
    expect(await assigned(a.id)).toBe(1); // already Ken's: no second row
    expect(await assigned(b.id)).toBe(1);
    await owner.agent.patch('/api/tickets/bulk-update').send({ ticketIds: [a.id, b.id], assignee_id: null }).expect(200);
    expect((await owner.agent.get(`/api/tickets/${b.id}`).expect(200)).body.assignee_id).toBeNull();
  });

  it('tells the assignee (task_assigned) when someone else assigns them, not when they take a ticket themselves', async () => {
    const byOwner = await createTicket(owner.agent, { customerName: 'Ana Ruiz' });
    const taken = await createTicket(owner.agent);
    await owner.agent.patch(`/api/tickets/${byOwner.id}`).send({ assignee_id: maria.user.id }).expect(200);
    await maria.agent.patch(`/api/tickets/${taken.id}`).send({ assignee_id: maria.user.id }).expect(200);
    await eventually('Maria is told of the assignment', async () => (await notificationsOf(maria.user.id, 'task_assigned', byOwner.id)).length === 1);
    const [note] = await notificationsOf(maria.user.id, 'task_assigned', byOwner.id);
    expect(note.title).toBe(`Ticket ${byOwner.ticket_number} assigned to you`);
    expect(note.message).toContain('Ana Ruiz');
    await settled(owner.user.organization_id);
    expect(await notificationsOf(maria.user.id, 'task_assigned', taken.id)).toEqual([]);
    // Nobody else hears of it.
    expect(await notificationsOf(ken.user.id, 'task_assigned', byOwner.id)).toEqual([]);
    expect(await notificationsOf(owner.user.id, 'task_assigned', byOwner.id)).toEqual([]);
  });
});

describe('the list filters Assigned to me and Unassigned', () => {
  it('filters by me, none or a user id, with exact totals, and counts both for the sidebar', async () => {
    const fresh = await registerOwner(app);
    const member = await inviteMember(app, fresh);
    const tickets = [];
    for (let i = 0; i < 5; i += 1) tickets.push(await createTicket(fresh.agent));
    await fresh.agent.patch('/api/tickets/bulk-update').send({ ticketIds: [tickets[0].id, tickets[1].id], assignee_id: fresh.user.id }).expect(200);
    await fresh.agent.patch(`/api/tickets/${tickets[2].id}`).send({ assignee_id: member.user.id }).expect(200);

    const list = async (agent: SignedIn['agent'], filter: Record<string, unknown>) => {
      const res = await agent.get('/api/tickets').query({ filter: JSON.stringify(filter), range: '[0,24]' }).expect(200);
      return { ids: res.body.map((t: { id: string }) => t.id).sort(), total: Number(res.headers['content-range'].split('/')[1]), body: res.body };
    };
    const mine = await list(fresh.agent, { assignee_id: 'me' });
    expect(mine).toMatchObject({ ids: [tickets[0].id, tickets[1].id].sort(), total: 2 });
    expect(mine.body[0].assignee.id).toBe(fresh.user.id);
    expect(await list(member.agent, { assignee_id: 'me' })).toMatchObject({ ids: [tickets[2].id], total: 1 });
    expect(await list(fresh.agent, { assignee_id: 'none' })).toMatchObject({ ids: [tickets[3].id, tickets[4].id].sort(), total: 2 });
    expect(await list(fresh.agent, { assignee_id: member.user.id })).toMatchObject({ ids: [tickets[2].id], total: 1 });
    // As a plain parameter too, combined with another filter.
    const res = await fresh.agent.get('/api/tickets').query({ assignee_id: 'none', status: 'Open' }).expect(200);
    expect(res.body).toHaveLength(2);

    expect((await fresh.agent.get('/api/tickets/assignment-counts').expect(200)).body).toEqual({ assigned_to_me: 2, unassigned: 2 });
    expect((await member.agent.get('/api/tickets/assignment-counts').expect(200)).body).toEqual({ assigned_to_me: 1, unassigned: 2 });

    const bad = await fresh.agent.get('/api/tickets').query({ assignee_id: 'somebody' }).expect(400);
    expect(bad.body.error).toBe('assignee_id must be me, none or a user id');
  });

  it('keeps the counts (trigger-kept totals) equal to a scan of the tickets through every kind of write', async () => {
    const fresh = await registerOwner(app);
    const member = await inviteMember(app, fresh);
    const org = fresh.user.organization_id;
    const scan = async () => {
      const { rows } = await app.db.query(
        `select coalesce(assignee_id::text, 'none') as k, count(*)::int as n from tickets where organization_id = $1 group by 1 order by 1`, [org]);
      return Object.fromEntries(rows.map((r) => [r.k, r.n]));
    };
    const totals = async () => {
      const { rows } = await app.db.query(
        `select case when assignee_key = '00000000-0000-0000-0000-000000000000' then 'none' else assignee_key::text end as k, sum(tickets)::int as n
           from ticket_assignee_totals where organization_id = $1 group by 1 having sum(tickets) <> 0 order by 1`, [org]);
      return Object.fromEntries(rows.map((r) => [r.k, r.n]));
    };
    const tickets = await Promise.all(Array.from({ length: 6 }, () => createTicket(fresh.agent)));
    expect(await totals()).toEqual({ none: 6 });
    await fresh.agent.patch('/api/tickets/bulk-update').send({ ticketIds: tickets.slice(0, 3).map((t) => t.id), assignee_id: member.user.id }).expect(200);
    await fresh.agent.patch('/api/tickets/bulk-update').send({ ticketIds: tickets.slice(0, 4).map((t) => t.id), status: 'Closed' }).expect(200);
    await fresh.agent.patch(`/api/tickets/${tickets[3].id}`).send({ assignee_id: fresh.user.id }).expect(200);
    expect(await totals()).toEqual(await scan());
    expect(await totals()).toEqual({ none: 2, [member.user.id]: 3, [fresh.user.id]: 1 });
    await fresh.agent.delete('/api/tickets/bulk-delete').send({ ticketIds: [tickets[0].id, tickets[5].id] }).expect(200);
    await app.db.query(`update tickets set assignee_id = $2 where id = $1`, [tickets[4].id, fresh.user.id]);
    expect(await totals()).toEqual(await scan());
    // A removed user's tickets become unassigned (the foreign key's set null is an UPDATE the triggers see).
    await fresh.agent.delete(`/api/users/${member.user.id}`).expect((r) => expect([200, 204]).toContain(r.status));
    expect(await totals()).toEqual(await scan());
    expect(await totals()).toEqual({ none: 2, [fresh.user.id]: 2 });
    expect((await fresh.agent.get('/api/tickets/assignment-counts').expect(200)).body).toEqual({ assigned_to_me: 2, unassigned: 2 });
    const unassigned = await fresh.agent.get('/api/tickets').query({ filter: JSON.stringify({ assignee_id: 'none' }), range: '[0,0]' }).expect(200);
    expect(unassigned.headers['content-range']).toBe('tickets 0-0/2');
  });

  it('unassigns the tickets of a removed user', async () => {
    const fresh = await registerOwner(app);
    const member = await inviteMember(app, fresh);
    const ticket = await createTicket(fresh.agent);
    await fresh.agent.patch(`/api/tickets/${ticket.id}`).send({ assignee_id: member.user.id }).expect(200);
    await fresh.agent.delete(`/api/users/${member.user.id}`).expect((r) => expect([200, 204]).toContain(r.status));
    expect((await fresh.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.assignee).toBeNull();
    expect((await fresh.agent.get('/api/tickets/assignment-counts').expect(200)).body.unassigned).toBe(1);
  });
});

describe('automatic assignment (round-robin)', () => {
  it('spreads concurrent creates evenly among the chosen agents, each told by task_assigned', async () => {
    const fresh = await registerOwner(app);
    const agents = [await inviteMember(app, fresh), await inviteMember(app, fresh), await inviteMember(app, fresh)];
    const ids = agents.map((a) => a.user.id);
    const put = await fresh.agent.put('/api/settings/auto-assignment').send({ enabled: true, agent_ids: ids }).expect(200);
    expect(put.body).toEqual({ enabled: true, agent_ids: ids });

    const created = await Promise.all(Array.from({ length: 12 }, () => createTicket(fresh.agent)));
    const assignees = async () =>
      (await app.db.query(`select assignee_id from tickets where id = any($1::uuid[])`, [created.map((t) => t.id)])).rows.map((r) => r.assignee_id as string | null);
    await eventually('every new ticket is assigned', async () => (await assignees()).every((a) => a !== null), 30_000);
    const spread = new Map<string, number>();
    for (const a of await assignees()) spread.set(a!, (spread.get(a!) ?? 0) + 1);
    expect(Object.fromEntries(spread)).toEqual(Object.fromEntries(ids.map((id) => [id, 4])));

    const activity = (await fresh.agent.get(`/api/tickets/${created[0].id}/activity`).expect(200)).body.find((e: { kind: string }) => e.kind === 'assigned');
    expect(activity).toMatchObject({ actor: 'Automatic assignment' });
    expect(activity.text).toMatch(/^Assigned to /);
    await settled(fresh.user.organization_id);
    const { rows } = await app.db.query(
      `select n.user_id, count(*)::int as n from notifications n where n.type = 'task_assigned' and n.related_entity_id = any($1::text[]) group by 1`,
      [created.map((t) => t.id)],
    );
    expect(Object.fromEntries(rows.map((r) => [r.user_id, r.n]))).toEqual(Object.fromEntries(ids.map((id) => [id, 4])));
  });

  it('skips a removed agent, and assigns nothing when it is off', async () => {
    const fresh = await registerOwner(app);
    const [a, b] = [await inviteMember(app, fresh), await inviteMember(app, fresh)];
    await fresh.agent.put('/api/settings/auto-assignment').send({ enabled: true, agent_ids: [a.user.id, b.user.id] }).expect(200);
    await fresh.agent.delete(`/api/users/${a.user.id}`).expect((r) => expect([200, 204]).toContain(r.status));
    expect((await fresh.agent.get('/api/settings/auto-assignment').expect(200)).body).toEqual({ enabled: true, agent_ids: [b.user.id] });
    const t1 = await createTicket(fresh.agent);
    const t2 = await createTicket(fresh.agent);
    const assigneeOf = async (id: string) => (await fresh.agent.get(`/api/tickets/${id}`).expect(200)).body.assignee_id;
    await eventually('both go to the remaining agent', async () => (await assigneeOf(t1.id)) === b.user.id && (await assigneeOf(t2.id)) === b.user.id);

    await fresh.agent.put('/api/settings/auto-assignment').send({ enabled: false }).expect(200);
    const t3 = await createTicket(fresh.agent);
    await settled(fresh.user.organization_id);
    expect(await assigneeOf(t3.id)).toBeNull();
  });

  it('when it is off, reads no ticket and locks none for new tickets (their other handlers do not wait on it)', async () => {
    const fresh = await registerOwner(app);
    const created = [await createTicket(fresh.agent), await createTicket(fresh.agent)];
    await settled(fresh.user.organization_id);
    const organizationId = fresh.user.organization_id;
    const turns = (ids: string[]) =>
      statementsOf(
        app.em,
        () => app.created.app.get(TenantRunner).run(organizationId, ({ em }) => app.created.app.get(AutoAssignment).assignNew(em, organizationId, ids)),
        // Only this call's statements: another test's confirmation e-mail may settle its tickets meanwhile.
        { ownOnly: true },
      );
    const onTickets = (statements: string[]) => statements.filter((s) => /\btickets\b/.test(s));

    const off = await turns(created.map((t) => t.id));
    expect(off.error).toBeUndefined();
    expect(onTickets(off.statements)).toEqual([]);

    // On, the same call locks and assigns them.
    const agent = await inviteMember(app, fresh);
    await fresh.agent.put('/api/settings/auto-assignment').send({ enabled: true, agent_ids: [agent.user.id] }).expect(200);
    const on = await turns(created.map((t) => t.id));
    expect(on.error).toBeUndefined();
    expect(onTickets(on.statements).some((s) => /for update/i.test(s))).toBe(true);
    for (const t of created) expect((await fresh.agent.get(`/api/tickets/${t.id}`).expect(200)).body.assignee_id).toBe(agent.user.id);
  });

  it('is changed by admins only, with users of the organization only', async () => {
    const member = await inviteMember(app, owner);
    await member.agent.put('/api/settings/auto-assignment').send({ enabled: true }).expect(403);
    expect((await member.agent.get('/api/settings/auto-assignment').expect(200)).body).toEqual({ enabled: false, agent_ids: [] });
    const res = await owner.agent.put('/api/settings/auto-assignment').send({ enabled: true, agent_ids: [stranger.user.id] }).expect(404);
    expect(res.body.code).toBe('tickets.assignee_not_found');
    await owner.agent.put('/api/settings/auto-assignment').send({ agent_ids: ['nope'] }).expect(400);
  });
});
