import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTicket, type CreatedTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { parse } from 'csv-parse/sync';
import { eventually } from './support/job-probe.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let other: SignedIn;

async function approved(who: SignedIn, overrides: Record<string, unknown> = {}): Promise<CreatedTicket> {
  const ticket = await createTicket(who.agent, overrides);
  await who.agent.post(`/api/tickets/${ticket.id}/decision`).send({ decision: 'approved', notify_customer: false }).expect(200);
  return ticket;
}

async function resolutionTexts(ticketId: string): Promise<string[]> {
  return ((await owner.agent.get(`/api/tickets/${ticketId}/activity`).expect(200)).body as Array<{ kind: string; text: string }>)
    .filter((e) => e.kind.startsWith('resolution_'))
    .map((e) => e.text);
}

beforeAll(async () => {
  app = await startTestApp({ JOBS_POLL_INTERVAL_MS: '100' });
  owner = await registerOwner(app);
  other = await registerOwner(app);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('RMA numbers', () => {
  it('50 concurrent creations per organization get unique, gapless numbers 1..50, each organization its own', async () => {
    const [mine, theirs] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => approved(owner))),
      Promise.all(Array.from({ length: 50 }, () => approved(other))),
    ]);
    const create = (who: SignedIn, t: CreatedTicket) => who.agent.post(`/api/tickets/${t.id}/resolution`).send({ type: 'replacement' });
    const responses = await Promise.all([...mine.map((t) => create(owner, t)), ...theirs.map((t) => create(other, t))]);
    expect(responses.map((r) => r.status)).toEqual(Array(100).fill(201));
    const numbers = (list: typeof responses) => list.map((r) => r.body.rma_number as string).sort();
    const expected = Array.from({ length: 50 }, (_, i) => `RMA-${String(i + 1).padStart(6, '0')}`);
    expect(numbers(responses.slice(0, 50))).toEqual(expected);
    expect(numbers(responses.slice(50))).toEqual(expected);
    const rows = await app.db.query(
      `select o.id, count(*)::int as n, count(distinct r.rma_seq)::int as distinct_n, min(r.rma_seq) as lo, max(r.rma_seq) as hi, max(c.n) as counter
         from warranty_resolutions r join organizations o on o.id = r.organization_id join rma_counters c on c.organization_id = o.id group by o.id`,
    );
    expect(rows.rows.map(({ n, distinct_n, lo, hi, counter }) => ({ n, distinct_n, lo, hi, counter }))).toEqual([
      { n: 50, distinct_n: 50, lo: 1, hi: 50, counter: 50 },
      { n: 50, distinct_n: 50, lo: 1, hi: 50, counter: 50 },
    ]);
  }, 120_000);

  it('a refused creation takes no number (the counter rolls back with it)', async () => {
    const undecided = await createTicket(owner.agent);
    const res = await owner.agent.post(`/api/tickets/${undecided.id}/resolution`).send({ type: 'repair' }).expect(400);
    expect(res.body.code).toBe('warranty.not_approved');
    const next = await approved(owner);
    expect((await owner.agent.post(`/api/tickets/${next.id}/resolution`).send({ type: 'repair' }).expect(201)).body.rma_number).toBe('RMA-000051');
    expect((await owner.agent.post(`/api/tickets/${next.id}/resolution`).send({ type: 'repair' }).expect(400)).body.code).toBe('warranty.resolution_exists');
  });
});

describe('a resolution', () => {
  it('keeps items with line totals and total cost, shipments and states, each change in the activity', async () => {
    const ticket = await approved(owner);
    const created = await owner.agent
      .post(`/api/tickets/${ticket.id}/resolution`)
      .send({
        type: 'replacement',
        items: [
          { sku: 'FJ-300', description: '3-Ton Floor Jack', quantity: 1, unit_cost: 89.99 },
          { sku: 'SEAL-7', description: 'Ram seal kit', quantity: 3, unit_cost: 4.35 },
        ],
        return_carrier: 'UPS',
        return_tracking: '1ZRETURN',
      })
      .expect(201);
    expect(created.body).toMatchObject({
      ticket_id: ticket.id,
      type: 'replacement',
      state: 'awaiting_return',
      next_states: ['received', 'shipped'],
      total_cost: 103.04,
      return_carrier: 'UPS',
      return_tracking: '1ZRETURN',
      outbound_carrier: null,
      resolved_at: null,
    });
    expect(created.body.items).toEqual([
      { sku: 'FJ-300', description: '3-Ton Floor Jack', quantity: 1, unit_cost: 89.99, line_total: 89.99 },
      { sku: 'SEAL-7', description: 'Ram seal kit', quantity: 3, unit_cost: 4.35, line_total: 13.05 },
    ]);
    const url = `/api/tickets/${ticket.id}/resolution`;
    // Not allowed: delivered before it ships.
    const refused = await owner.agent.patch(url).send({ state: 'delivered' }).expect(400);
    expect(refused.body).toMatchObject({ code: 'warranty.transition_refused', message: 'A resolution cannot go from Awaiting return to Delivered' });
    expect((await owner.agent.patch(url).send({ state: 'refunded' }).expect(400)).body.code).toBe('warranty.transition_refused');

    await owner.agent.patch(url).send({ state: 'received' }).expect(200);
    expect((await owner.agent.patch(url).send({ type: 'refund' }).expect(400)).body.code).toBe('warranty.type_locked');
    const shipped = await owner.agent.patch(url).send({ state: 'shipped', outbound_carrier: 'FedEx', outbound_tracking: '7777' }).expect(200);
    expect(shipped.body).toMatchObject({ state: 'shipped', next_states: ['delivered'], outbound_carrier: 'FedEx', outbound_tracking: '7777' });
    const items = await owner.agent.put(`${url}/items`).send({ items: [{ sku: 'FJ-300', quantity: 2, unit_cost: 90 }] }).expect(200);
    expect(items.body).toMatchObject({ total_cost: 180, items: [{ sku: 'FJ-300', description: '', quantity: 2, unit_cost: 90, line_total: 180 }] });
    const delivered = await owner.agent.patch(url).send({ state: 'delivered' }).expect(200);
    expect(delivered.body).toMatchObject({ state: 'delivered', next_states: [] });
    expect(delivered.body.resolved_at).not.toBeNull();
    expect((await owner.agent.patch(url).send({ state: 'shipped' }).expect(400)).body.message).toBe('A resolution cannot go from Delivered to Shipped');

    const rma = created.body.rma_number;
    expect(await resolutionTexts(ticket.id)).toEqual([
      `Resolution ${rma} created: Replacement unit`,
      `Resolution ${rma}: Awaiting return → Received`,
      `Resolution ${rma}: Received → Shipped; outbound carrier FedEx; outbound tracking number 7777`,
      `Resolution ${rma}: items: 1, total cost 103.04 → 180.00`,
      `Resolution ${rma}: Shipped → Delivered`,
    ]);
    // The claim carries the cost and the end for the rollups; each change was published.
    const claim = await app.db.query('select total_cost, resolved_at from warranty_claims where ticket_id = $1', [ticket.id]);
    expect(claim.rows[0].total_cost).toBe('180.00');
    expect(claim.rows[0].resolved_at).not.toBeNull();
    const outcome = (await owner.agent.get(url).expect(200)).body;
    expect(outcome).toMatchObject({ decision: { decision: 'approved' }, resolution: { rma_number: rma, state: 'delivered', total_cost: 180 } });
    // A claim with a resolution keeps its approval.
    const deny = await owner.agent.post(`/api/tickets/${ticket.id}/decision`).send({ decision: 'denied', reason: 'Other', notify_customer: false }).expect(400);
    expect(deny.body.code).toBe('warranty.resolution_exists');
  });

  it('a refund goes from the return to refunded', async () => {
    const ticket = await approved(owner);
    const url = `/api/tickets/${ticket.id}/resolution`;
    const created = await owner.agent.post(url).send({ type: 'refund', items: [{ sku: 'FJ-250', quantity: 1, unit_cost: 59.5 }] }).expect(201);
    expect(created.body.next_states).toEqual(['received', 'refunded']);
    await owner.agent.patch(url).send({ state: 'received' }).expect(200);
    expect((await owner.agent.patch(url).send({ state: 'shipped' }).expect(400)).body.code).toBe('warranty.transition_refused');
    expect((await owner.agent.patch(url).send({ state: 'refunded' }).expect(200)).body).toMatchObject({ state: 'refunded', next_states: [] });
  });

  it('refuses bad input with 400s and another organization with 404s', async () => {
    const ticket = await approved(owner);
    const url = `/api/tickets/${ticket.id}/resolution`;
    expect((await owner.agent.post(url).send({ type: 'gift' }).expect(400)).body.message).toContain('Type must be one of: replacement, parts, repair, refund');
    expect((await owner.agent.post(url).send({ type: 'parts', items: [{ sku: 'X', quantity: 0, unit_cost: 1 }] }).expect(400)).body.message).toContain('Quantity must be at least 1');
    expect((await owner.agent.post(url).send({ type: 'parts', items: [{ sku: 'X', quantity: 1, unit_cost: -1 }] }).expect(400)).body.message).toContain('Unit cost cannot be negative');
    expect((await owner.agent.post(url).send({ type: 'parts', items: [{ quantity: 1, unit_cost: 1 }] }).expect(400)).body.message).toContain('SKU is required');
    expect((await owner.agent.patch(url).send({ state: 'received' }).expect(404)).body.code).toBe('warranty.resolution_not_found');
    await other.agent.get(url).expect(404);
    await other.agent.post(url).send({ type: 'parts' }).expect(404);
  });
});

describe('the serial register', () => {
  it("flags a second claim on the same serial (same organization) with the first's outcome", async () => {
    const first = await approved(owner, { serialNumber: 'SN-REG-1' });
    await owner.agent.post(`/api/tickets/${first.id}/resolution`).send({ type: 'replacement' }).expect(201);
    await owner.agent.patch(`/api/tickets/${first.id}/resolution`).send({ state: 'shipped' }).expect(200);
    const elsewhere = await createTicket(other.agent, { serialNumber: 'SN-REG-1' });
    const second = await createTicket(owner.agent, { serialNumber: ' sn-reg-1 ' });
    const unrelated = await createTicket(owner.agent, { serialNumber: 'SN-REG-2' });

    const detail = (await owner.agent.get(`/api/tickets/${second.id}`).expect(200)).body;
    expect(detail.serial_history).toEqual([
      {
        ticket_id: first.id,
        ticket_number: first.ticket_number,
        serial_number: 'SN-REG-1',
        created_at: expect.any(String),
        decision: 'approved',
        reason: null,
        resolution_type: 'replacement',
        resolution_state: 'shipped',
        rma_number: expect.stringMatching(/^RMA-\d{6}$/),
      },
    ]);
    // The first claim has nothing before it; another organization's ticket does not see ours.
    expect((await owner.agent.get(`/api/tickets/${first.id}`).expect(200)).body.serial_history).toEqual([]);
    expect((await other.agent.get(`/api/tickets/${elsewhere.id}`).expect(200)).body.serial_history).toEqual([]);
    expect((await owner.agent.get(`/api/tickets/${unrelated.id}`).expect(200)).body.serial_history).toEqual([]);
  });

  it('reads the register through the serial index', async () => {
    await app.db.query('set enable_seqscan = off');
    const plan = await app.db.query(
      `explain select 1 from tickets t where t.organization_id = $1 and lower(btrim(coalesce(t.serial_number, ''))) = 'sn-reg-1'`,
      [owner.user.organization_id],
    );
    await app.db.query('reset enable_seqscan');
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('tickets_organization_serial_key_index');
  });
});

describe('the ticket export', () => {
  it('has the decision, denial reason, RMA number, resolution type, state and total cost columns', async () => {
    const resolved = await approved(owner, { serialNumber: 'SN-EXPORT-1' });
    const created = await owner.agent
      .post(`/api/tickets/${resolved.id}/resolution`)
      .send({ type: 'parts', items: [{ sku: 'SEAL-7', quantity: 4, unit_cost: 2.5 }] })
      .expect(201);
    await owner.agent.patch(`/api/tickets/${resolved.id}/resolution`).send({ state: 'shipped' }).expect(200);
    const denied = await createTicket(owner.agent, { serialNumber: 'SN-EXPORT-2' });
    await owner.agent.post(`/api/tickets/${denied.id}/decision`).send({ decision: 'denied', reason: 'Misuse or damage', notify_customer: false }).expect(200);
    const undecided = await createTicket(owner.agent, { serialNumber: 'SN-EXPORT-3' });

    const started = await owner.agent.post('/api/exports').send({ kind: 'tickets', filter: {} }).expect(202);
    let body: { status: string; download_url: string | null } = started.body;
    await eventually('the export is ready', async () => {
      body = (await owner.agent.get(`/api/exports/${started.body.id}`).expect(200)).body;
      return body.status === 'ready' || body.status === 'failed';
    }, 60_000);
    expect(body.status).toBe('ready');
    const res = await owner.agent.get(body.download_url!).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    const [header, ...rows] = parse(res.body as Buffer, { bom: true }) as string[][];
    const columns = ['Decision', 'Denial Reason', 'RMA Number', 'Resolution Type', 'Resolution State', 'Total Cost'];
    expect(header.slice(-6)).toEqual(columns);
    const row = (number: string) => rows.find((r) => r[0] === number)!.slice(-6);
    expect(row(resolved.ticket_number)).toEqual(['approved', '', created.body.rma_number, 'parts', 'shipped', '10.00']);
    expect(row(denied.ticket_number)).toEqual(['denied', 'Misuse or damage', '', '', '', '']);
    expect(row(undecided.ticket_number)).toEqual(['', '', '', '', '', '']);
  }, 90_000);
});

describe('the assignee hears of it', () => {
  it('gets resolution_updated for the decision and each state a teammate moves the resolution to, not for their own changes', async () => {
    const { inviteMember } = await import('./factories/members.js');
    const member = await inviteMember(app, owner);
    const ticket = await createTicket(owner.agent);
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ assignee_id: member.user.id }).expect(200);
    await owner.agent.post(`/api/tickets/${ticket.id}/decision`).send({ decision: 'approved', notify_customer: false }).expect(200);
    await owner.agent.post(`/api/tickets/${ticket.id}/resolution`).send({ type: 'refund' }).expect(201);
    await owner.agent.patch(`/api/tickets/${ticket.id}/resolution`).send({ state: 'refunded' }).expect(200);
    const titles = async () =>
      ((await member.agent.get('/api/notifications').expect(200)).body as { type: string; title: string }[])
        .filter((n) => n.type === 'resolution_updated')
        .map((n) => n.title);
    await eventually('three resolution_updated notifications', async () => (await titles()).length === 3);
    expect((await titles()).sort()).toEqual(
      [`Claim approved on ticket ${ticket.ticket_number}`, `Ticket ${ticket.ticket_number}: resolution created`, `Ticket ${ticket.ticket_number}: resolution refunded`].sort(),
    );
    // The assignee's own change tells nobody.
    const own = await createTicket(owner.agent);
    await owner.agent.patch(`/api/tickets/${own.id}`).send({ assignee_id: owner.user.id }).expect(200);
    await owner.agent.post(`/api/tickets/${own.id}/decision`).send({ decision: 'denied', reason: 'Misuse or damage', notify_customer: false }).expect(200);
    const mine = async () => ((await owner.agent.get('/api/notifications').expect(200)).body as { type: string }[]).filter((n) => n.type === 'resolution_updated');
    expect(await mine()).toEqual([]);
  });
});
