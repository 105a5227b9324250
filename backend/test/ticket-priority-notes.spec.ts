import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appendNote, NOTE_MAX_LENGTH } from '@warranty-crm/contract';
import { createTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  other = await registerOwner(app);
});
afterAll(async () => app.close());

const activityTexts = async (id: string) =>
  ((await owner.agent.get(`/api/tickets/${id}/activity`).expect(200)).body as { kind: string; text: string }[])
    .filter((e) => e.kind === 'priority_changed')
    .map((e) => e.text);

const descriptionOf = async (id: string): Promise<string> => (await owner.agent.get(`/api/tickets/${id}`).expect(200)).body.issue_description;

describe('priority changes', () => {
  it('PATCH /api/tickets/{id} sets the priority and records the change in the activity', async () => {
    const ticket = await createTicket(owner.agent);
    const res = await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ priority: 'Low' }).expect(200);
    expect(res.body.priority).toBe('Low');
    expect((await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.priority).toBe('Low');
    expect(await activityTexts(ticket.id)).toEqual(['Priority changed from Medium to Low']);
  });

  it('bulk-update sets the priority of own tickets only, records each change once, and leaves the status alone', async () => {
    const high = await createTicket(owner.agent, { priority: 'High' });
    const medium = await createTicket(owner.agent);
    const theirs = await createTicket(other.agent);
    const res = await owner.agent.patch('/api/tickets/bulk-update').send({ ticketIds: [high.id, medium.id, theirs.id], priority: 'High' }).expect(200);
    expect(res.body).toEqual({ updated: 2 });

    const rows = await app.db.query('select id, status, priority from tickets where id = any($1::uuid[])', [[high.id, medium.id, theirs.id]]);
    const byId = Object.fromEntries(rows.rows.map((r) => [r.id, [r.status, r.priority]]));
    expect(byId).toEqual({ [high.id]: ['Open', 'High'], [medium.id]: ['Open', 'High'], [theirs.id]: ['Open', 'Medium'] });
    expect(await activityTexts(medium.id)).toEqual(['Priority changed from Medium to High']);
    expect(await activityTexts(high.id)).toEqual([]);
    const activities = await app.db.query("select count(*)::int as n from ticket_activities where ticket_id = $1 and kind = 'priority_changed'", [theirs.id]);
    expect(activities.rows[0].n).toBe(0);
    const history = await app.db.query('select count(*)::int as n from ticket_status_changes where ticket_id = any($1::uuid[])', [[high.id, medium.id]]);
    expect(history.rows[0].n).toBe(2); // the creations only
  });

  it('bulk-update sets status and priority together', async () => {
    const ticket = await createTicket(owner.agent);
    await owner.agent.patch('/api/tickets/bulk-update').send({ ticketIds: [ticket.id], status: 'Resolved', priority: 'Low' }).expect(200, { updated: 1 });
    const body = (await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body;
    expect([body.status, body.priority]).toEqual(['Resolved', 'Low']);
    expect(await activityTexts(ticket.id)).toEqual(['Priority changed from Medium to Low']);
  });

  it('bulk-update rejects an unknown priority with the field message and changes nothing', async () => {
    const ticket = await createTicket(owner.agent);
    const res = await owner.agent.patch('/api/tickets/bulk-update').send({ ticketIds: [ticket.id], priority: 'Urgent' }).expect(400);
    expect(res.body.error).toBe('Priority must be one of: High, Medium, Low');
    expect(res.body.errors).toContainEqual({ field: 'priority', message: 'Priority must be one of: High, Medium, Low' });
    expect((await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.priority).toBe('Medium');
  });
});

describe('note limit', () => {
  it(`accepts a note of ${NOTE_MAX_LENGTH} characters (surrounding blanks aside)`, async () => {
    const ticket = await createTicket(owner.agent);
    const note = 'n'.repeat(NOTE_MAX_LENGTH);
    const description = appendNote(await descriptionOf(ticket.id), `  ${note}\n`);
    const res = await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ issue_description: description }).expect(200);
    expect(res.body.issue_description.endsWith(note)).toBe(true);
  });

  it(`refuses a note of ${NOTE_MAX_LENGTH + 1} characters with the limit's message and keeps the description`, async () => {
    const ticket = await createTicket(owner.agent);
    const before = await descriptionOf(ticket.id);
    const description = appendNote(before, 'x'.repeat(NOTE_MAX_LENGTH + 1));
    const res = await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ issue_description: description }).expect(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      error: 'Note must be at most 2000 characters',
      code: 'tickets.note_too_long',
      errors: [{ field: 'issue_description', message: 'Note must be at most 2000 characters' }],
    });
    expect(await descriptionOf(ticket.id)).toBe(before);
    const notes = await app.db.query("select count(*)::int as n from ticket_activities where ticket_id = $1 and kind = 'note'", [ticket.id]);
    expect(notes.rows[0].n).toBe(0);
  });

  it('refuses a 10,000-character note', async () => {
    const ticket = await createTicket(owner.agent);
    const description = appendNote(await descriptionOf(ticket.id), 'word '.repeat(2000));
    const res = await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ issue_description: description }).expect(400);
    expect(res.body.error).toBe('Note must be at most 2000 characters');
  });
});
