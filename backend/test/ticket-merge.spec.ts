import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appendNote } from '@warranty-crm/contract';
import { REBUILD_ROLLUPS_SQL, ROLLUPS_SNAPSHOT_SQL } from '../src/modules/ticket-analytics/rollups/rollup-sql.js';
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

async function count(sql: string, params: unknown[]): Promise<number> {
  return Number((await app.db.query(sql, params)).rows[0].n);
}

async function addCall(s: SignedIn, ticketId: string): Promise<string> {
  const { rows } = await app.db.query(
    `insert into call_logs (organization_id, ticket_id, call_type, from_phone, to_phone) values ($1, $2, 'voicemail', '+15125550177', '+15125550199') returning id`,
    [s.user.organization_id, ticketId],
  );
  return rows[0].id as string;
}

async function addMessage(s: SignedIn, ticketId: string, body: string): Promise<string> {
  const { rows } = await app.db.query(
    `insert into ticket_messages (organization_id, ticket_id, channel, direction, status, body) values ($1, $2, 'comment', 'internal', 'internal', $3) returning id`,
    [s.user.organization_id, ticketId, body],
  );
  return rows[0].id as string;
}

async function addAttachment(s: SignedIn, ticketId: string): Promise<string> {
  const { rows } = await app.db.query(
    `insert into ticket_attachments (organization_id, ticket_id, object_path, file_name, content_type, size, tag, source)
     values ($1::uuid, $2, '/objects/uploads/' || $1::text || '/receipt.pdf', 'receipt.pdf', 'application/pdf', 1234, 'receipt', 'upload') returning id`,
    [s.user.organization_id, ticketId],
  );
  return rows[0].id as string;
}

async function addNote(s: SignedIn, ticketId: string, note: string): Promise<void> {
  const current = (await s.agent.get(`/api/tickets/${ticketId}`).expect(200)).body.issue_description as string;
  await s.agent.patch(`/api/tickets/${ticketId}`).send({ issue_description: appendNote(current, note) }).expect(200);
}

/** Every row of a ticket's records, by table, across the organization. */
async function totals(org: string) {
  return {
    tickets: await count('select count(*) as n from tickets where organization_id = $1', [org]),
    calls: await count('select count(*) as n from call_logs where organization_id = $1', [org]),
    messages: await count('select count(*) as n from ticket_messages where organization_id = $1', [org]),
    attachments: await count('select count(*) as n from ticket_attachments where organization_id = $1', [org]),
    notes: await count(`select count(*) as n from ticket_activities where organization_id = $1 and kind = 'note'`, [org]),
    history: await count('select count(*) as n from ticket_status_changes where organization_id = $1', [org]),
  };
}

describe('POST /api/tickets/{id}/merge', () => {
  it('moves calls, notes and messages to the target, appends the description as a note, closes the duplicate with a link, in both trails', async () => {
    const target = await createTicket(owner.agent, { orderNumber: 'ORD-MERGE-1', issueDescription: 'The original claim: the saddle will not rise.' });
    const dup = await createTicket(owner.agent, { orderNumber: 'ORD-MERGE-1', issueDescription: 'Second claim for the same order: oil on the floor.' });
    const detailBefore = await owner.agent.get(`/api/tickets/${dup.id}`).expect(200);
    expect(detailBefore.body.possible_duplicates.map((d: { id: string }) => d.id)).toEqual([target.id]);
    const callId = await addCall(owner, dup.id);
    const messageId = await addMessage(owner, dup.id, 'Customer wrote in about the duplicate');
    const attachmentId = await addAttachment(owner, dup.id);
    await addNote(owner, dup.id, 'Called the customer back');
    await owner.agent.patch(`/api/tickets/${dup.id}`).send({ status: 'Pending' }).expect(200);
    const org = owner.user.organization_id;
    const before = await totals(org);

    const res = await owner.agent.post(`/api/tickets/${dup.id}/merge`).send({ into_ticket_id: target.id }).expect(201);
    expect(res.body.moved).toEqual({ calls: 1, notes: 1, messages: 1, attachments: 1 });
    expect(res.body.merged_ticket).toMatchObject({ id: dup.id, status: 'Closed', merged_into_id: target.id });
    expect(res.body.ticket.id).toBe(target.id);
    expect(res.body.ticket.issue_description).toContain('The original claim: the saddle will not rise.');
    expect(res.body.ticket.issue_description).toMatch(/--- Note added [^\n]* ---\nMerged from WC-\d+:\nSecond claim for the same order: oil on the floor\./);

    // Nothing lost: the same rows, the calls, messages and notes now on the target (+ the merge's note and one history row).
    expect(await totals(org)).toEqual({ ...before, notes: before.notes + 1, history: before.history + 1 });
    expect((await app.db.query('select ticket_id from call_logs where id = $1', [callId])).rows[0].ticket_id).toBe(target.id);
    expect((await app.db.query('select ticket_id from ticket_messages where id = $1', [messageId])).rows[0].ticket_id).toBe(target.id);
    expect((await app.db.query('select ticket_id from ticket_attachments where id = $1', [attachmentId])).rows[0].ticket_id).toBe(target.id);
    expect(await count(`select count(*) as n from ticket_activities where ticket_id = $1 and kind = 'note'`, [dup.id])).toBe(0);
    // The status history stays with its ticket.
    expect(await count('select count(*) as n from ticket_status_changes where ticket_id = $1', [dup.id])).toBe(3);

    const merged = await owner.agent.get(`/api/tickets/${dup.id}`).expect(200);
    expect(merged.body).toMatchObject({ status: 'Closed', merged_into_id: target.id, merged_into: { id: target.id, ticket_number: target.ticket_number } });
    const targetDetail = await owner.agent.get(`/api/tickets/${target.id}`).expect(200);
    expect(targetDetail.body.merged_into).toBeNull();
    // The merged ticket is settled: no longer offered as a possible duplicate of the target.
    expect(targetDetail.body.possible_duplicates).toEqual([]);
    const calls = await owner.agent.get(`/api/tickets/${target.id}/call-logs`).expect(200);
    expect(calls.body.map((c: { id: string }) => c.id)).toEqual([callId]);

    const mergedTrail = (await owner.agent.get(`/api/tickets/${dup.id}/activity`).expect(200)).body as { kind: string; text: string }[];
    expect(mergedTrail.map((e) => e.kind)).toEqual(expect.arrayContaining(['status_changed', 'merged_into']));
    expect(mergedTrail.find((e) => e.kind === 'merged_into')?.text).toBe(`Merged into ${target.ticket_number} as a duplicate claim; its calls, notes, messages and attachments moved there`);
    expect(mergedTrail.filter((e) => e.kind === 'status_changed').map((e) => e.text)).toEqual(['Status changed from Open to Pending', 'Status changed from Pending to Closed']);
    const targetTrail = (await owner.agent.get(`/api/tickets/${target.id}/activity`).expect(200)).body as { kind: string; text: string }[];
    expect(targetTrail.find((e) => e.kind === 'merged_from')?.text).toBe(`${dup.ticket_number} merged into this ticket as a duplicate claim`);
    expect(targetTrail.filter((e) => e.kind === 'note').map((e) => e.text)).toEqual([
      'Note added: Called the customer back',
      expect.stringContaining(`Note added: Merged from ${dup.ticket_number}:`),
    ]);
    expect(targetTrail.some((e) => e.kind === 'call_linked')).toBe(true);
  });

  it('keeps the rollups equal to a rebuild from the tickets after a merge', async () => {
    const target = await createTicket(owner.agent, { serialNumber: 'SN-ROLLUP-1' });
    const dup = await createTicket(owner.agent, { serialNumber: 'SN-ROLLUP-1' });
    await owner.agent.post(`/api/tickets/${dup.id}/merge`).send({ into_ticket_id: target.id }).expect(201);
    const kept = (await app.db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot;
    await app.db.query('begin');
    try {
      await app.db.query(REBUILD_ROLLUPS_SQL);
      expect(kept).toEqual((await app.db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot);
    } finally {
      await app.db.query('rollback');
    }
    const metrics = await owner.agent.get('/api/tickets/metrics').expect(200);
    expect(metrics.body).toBeTruthy();
  });

  it('refuses a merge into itself, of a merged ticket, and into a merged ticket with a clear 400', async () => {
    const a = await createTicket(owner.agent);
    const b = await createTicket(owner.agent);
    const c = await createTicket(owner.agent);
    const self = await owner.agent.post(`/api/tickets/${a.id}/merge`).send({ into_ticket_id: a.id }).expect(400);
    expect(self.body).toMatchObject({ error: 'A ticket cannot be merged into itself', code: 'tickets.merge_self' });
    await owner.agent.post(`/api/tickets/${b.id}/merge`).send({ into_ticket_id: a.id }).expect(201);
    const again = await owner.agent.post(`/api/tickets/${b.id}/merge`).send({ into_ticket_id: c.id }).expect(400);
    expect(again.body).toMatchObject({ error: `${b.ticket_number} is already merged into ${a.ticket_number}`, code: 'tickets.already_merged' });
    const intoMerged = await owner.agent.post(`/api/tickets/${c.id}/merge`).send({ into_ticket_id: b.id }).expect(400);
    expect(intoMerged.body.error).toBe(`${b.ticket_number} cannot take a merge: it was merged into ${a.ticket_number}`);
    expect((await app.db.query('select status, merged_into_id from tickets where id = $1', [c.id])).rows[0]).toEqual({ status: 'Open', merged_into_id: null });
    const bad = await owner.agent.post(`/api/tickets/${c.id}/merge`).send({ into_ticket_id: 'nope' }).expect(400);
    expect(bad.body.error).toBe('into_ticket_id must be the id of a ticket');
  });

  it("answers 404 when either ticket is another organization's, and moves nothing", async () => {
    const mine = await createTicket(owner.agent);
    const theirs = await createTicket(other.agent);
    const callId = await addCall(other, theirs.id);
    const res = await owner.agent.post(`/api/tickets/${mine.id}/merge`).send({ into_ticket_id: theirs.id }).expect(404);
    expect(res.body).toMatchObject({ error: 'Ticket not found', code: 'tickets.not_found' });
    await owner.agent.post(`/api/tickets/${theirs.id}/merge`).send({ into_ticket_id: mine.id }).expect(404);
    expect((await app.db.query('select status, merged_into_id from tickets where id = $1', [theirs.id])).rows[0]).toEqual({ status: 'Open', merged_into_id: null });
    expect((await app.db.query('select ticket_id from call_logs where id = $1', [callId])).rows[0].ticket_id).toBe(theirs.id);
  });
});
