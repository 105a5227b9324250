import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTicket, type CreatedTicket, setCreatedAt } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let other: SignedIn;
let foreign: CreatedTicket;
/** t[1]..t[6], see the table in beforeAll. */
const t: CreatedTicket[] = [];

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  other = await registerOwner(app);
  const rows: [string | undefined, string, string, string, string][] = [
    // brand, priority, status, created_at, customer name
    ['A', 'High', 'Open', '2025-03-01T10:00:00Z', 'Alice Archer'],
    ['A', 'Low', 'Pending', '2025-03-02T23:59:59Z', 'Bert Baker'],
    ['B', 'High', 'Open', '2025-03-03T00:00:00Z', 'Cora Cole'],
    ['B', 'Medium', 'Closed', '2025-03-03T12:00:00Z', 'Zelda Quinn'],
    ['A', 'High', 'Open', '2025-03-04T08:00:00Z', 'Ed Evans'],
    [undefined, 'Medium', 'Resolved', '2025-03-05T00:00:00Z', 'Fay Fox'],
  ];
  t.push(undefined as unknown as CreatedTicket);
  for (const [i, [brand, priority, status, createdAt, name]] of rows.entries()) {
    const ticket = await createTicket(owner.agent, {
      productBrand: brand,
      priority,
      customerName: name,
      customerPhone: `+1777000000${i}`,
      customerEmail: `${name.split(' ')[0].toLowerCase()}@list.example`,
      issueDescription: i === 4 ? 'The pump handle snapped clean off at the weld.' : 'The jack loses pressure while holding a car.',
    });
    await app.db.query('update tickets set status = $2 where id = $1', [ticket.id, status]);
    await setCreatedAt(app, ticket.id, new Date(createdAt));
    t.push(ticket);
  }
  foreign = await createTicket(other.agent, { productBrand: 'A', priority: 'High' });
});
afterAll(async () => app.close());

const numbers = (body: { ticket_number: string }[]) => body.map((x) => x.ticket_number);
const of = (...indexes: number[]) => indexes.map((i) => t[i].ticketNumber);

describe('GET /api/tickets', () => {
  it('with view=row answers each ticket as the list shows it: the same values as the whole ticket, and nothing else (issue 32)', async () => {
    const query = '/api/tickets?status=Open&range=%5B0%2C1%5D&sort=%5B%22created_at%22%2C%22ASC%22%5D';
    const whole = await owner.agent.get(query).expect(200);
    await app.db.query('update tickets set assignee_id = $2 where id = $1', [t[1].id, owner.user.id]);
    const [wholeAssigned] = (await owner.agent.get(query).expect(200)).body;
    const rows = await owner.agent.get(`${query}&view=row`).expect(200);
    await app.db.query('update tickets set assignee_id = null where id = $1', [t[1].id]);
    expect(rows.headers['content-range']).toBe(whole.headers['content-range']);
    expect(rows.headers['x-next-cursor']).toBe(whole.headers['x-next-cursor']);
    expect(numbers(rows.body)).toEqual(of(1, 3));
    const keys = ['id', 'ticket_number', 'status', 'priority', 'created_at', 'product_brand', 'product_model', 'issue_description',
      'under_warranty', 'warranty_days_left', 'customer', 'assignee_id', 'assignee'];
    const full = [wholeAssigned, whole.body[1]];
    rows.body.forEach((row: Record<string, unknown>, i: number) => {
      expect(Object.keys(row).sort()).toEqual([...keys].sort());
      const { customer, ...rest } = full[i];
      expect(row).toEqual({ ...Object.fromEntries(keys.map((k) => [k, rest[k]])), customer: { id: customer.id, name: customer.name, phone: customer.phone } });
    });
    expect(rows.body[0]).toMatchObject({ customer: { name: 'Alice Archer', phone: '+17770000000' }, assignee_id: owner.user.id, assignee: { id: owner.user.id } });
    // a third of the bytes, or less
    expect(JSON.stringify(rows.body).length * 2.5).toBeLessThan(JSON.stringify(whole.body).length);
  });

  it('refuses an unknown view', async () => {
    const res = await owner.agent.get('/api/tickets?view=full').expect(400);
    expect(JSON.stringify(res.body)).toContain('view must be one of: row');
  });

  it('lists only the organization’s tickets, newest first, each with its customer, and a Content-Range', async () => {
    const res = await owner.agent.get('/api/tickets').expect(200);
    expect(numbers(res.body)).toEqual(of(6, 5, 4, 3, 2, 1));
    expect(res.headers['content-range']).toBe('tickets 0-5/6');
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(res.body[2]).toMatchObject({
      status: 'Closed',
      product_brand: 'B',
      customer: { name: 'Zelda Quinn', phone: '+17770000003', email: 'zelda@list.example', street: null, city: null, state: null, zip_code: null, country: 'US', sms_opted_out: false },
    });
    expect(res.body.map((x: { id: string }) => x.id)).not.toContain(foreign.id);
  });

  it.each([
    ['status=Open', [5, 3, 1]],
    ['brand=A', [5, 2, 1]],
    ['priority=High', [5, 3, 1]],
    ['status=Open&brand=A', [5, 1]],
    ['status=Open&brand=A&priority=High', [5, 1]],
    ['priority=Medium&status=Resolved', [6]],
    ['dateFrom=2025-03-02&dateTo=2025-03-03', [4, 3, 2]],
    ['dateFrom=2025-03-03', [6, 5, 4, 3]],
    ['dateTo=2025-03-02', [2, 1]],
    ['dateFrom=2025-03-03&dateTo=2025-03-03', [4, 3]],
    ['status=Open&brand=B&priority=High&dateFrom=2025-03-03&dateTo=2025-03-03', [3]],
    ['status=Open&brand=A&priority=High&dateFrom=2025-03-02&dateTo=2025-03-04', [5]],
    ['status=Closed&brand=A', []],
    ['brand=Nope', []],
    ['status=&brand=&priority=', [6, 5, 4, 3, 2, 1]],
  ])('filters by %s', async (query, expected) => {
    const res = await owner.agent.get(`/api/tickets?${query}`).expect(200);
    expect(numbers(res.body)).toEqual(of(...expected));
    expect(res.headers['content-range']).toMatch(new RegExp(`/${expected.length}$`));
  });

  it.each([
    [{ status: 'Open', brand: 'A' }, [5, 1]],
    [{ status: 'Open', brand: 'B', priority: 'High', dateFrom: '2025-03-03', dateTo: '2025-03-03' }, [3]],
    [{ q: 'zelda' }, [4]],
    [{ q: '+17770000001' }, [2]],
    [{ q: '(777) 000-0001' }, [2]],
    [{ q: '777.000.0003' }, [4]],
    [{ q: 'ED@LIST' }, [5]],
    [{ q: 'snapped' }, [5]],
    [{ q: '100%' }, []],
  ] as [Record<string, unknown>, number[]][])("filters with react-admin's filter %j", async (filter, expected) => {
    const res = await owner.agent.get('/api/tickets').query({ filter: JSON.stringify(filter) }).expect(200);
    expect(numbers(res.body)).toEqual(of(...expected));
  });

  it('searches by ticket number', async () => {
    const res = await owner.agent.get('/api/tickets').query({ filter: JSON.stringify({ q: t[3].ticketNumber }) }).expect(200);
    expect(numbers(res.body)).toEqual(of(3));
  });

  it("lets the filter object win over a plain parameter", async () => {
    const res = await owner.agent.get('/api/tickets').query({ status: 'Closed', filter: JSON.stringify({ status: 'Pending' }) }).expect(200);
    expect(numbers(res.body)).toEqual(of(2));
  });

  it("answers getMany by ids, ignoring another organization's ids", async () => {
    const res = await owner.agent.get('/api/tickets').query({ filter: JSON.stringify({ id: [t[1].id, t[4].id, foreign.id, 'junk'] }) }).expect(200);
    expect(numbers(res.body)).toEqual(of(4, 1));
    const none = await owner.agent.get('/api/tickets').query({ filter: JSON.stringify({ ids: [foreign.id] }) }).expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('tickets 0-0/0');
  });

  it('pages with range and reports the window and the total', async () => {
    const first = await owner.agent.get('/api/tickets').query({ range: '[0,1]' }).expect(200);
    expect(numbers(first.body)).toEqual(of(6, 5));
    expect(first.headers['content-range']).toBe('tickets 0-1/6');
    const last = await owner.agent.get('/api/tickets').query({ range: '[4,9]' }).expect(200);
    expect(numbers(last.body)).toEqual(of(2, 1));
    expect(last.headers['content-range']).toBe('tickets 4-5/6');
    const filtered = await owner.agent.get('/api/tickets').query({ status: 'Open', range: '[1,1]' }).expect(200);
    expect(numbers(filtered.body)).toEqual(of(3));
    expect(filtered.headers['content-range']).toBe('tickets 1-1/3');
    const beyond = await owner.agent.get('/api/tickets').query({ range: '[10,19]' }).expect(200);
    expect(beyond.body).toEqual([]);
  });

  it.each([
    ['["ticket_number","ASC"]', [1, 2, 3, 4, 5, 6]],
    ['["created_at","ASC"]', [1, 2, 3, 4, 5, 6]],
    ['["status","ASC"]', []],
  ])('sorts by %s', async (sort, expected) => {
    const res = await owner.agent.get('/api/tickets').query({ sort }).expect(200);
    if (sort.includes('status')) {
      expect(res.body.map((x: { status: string }) => x.status)).toEqual(['Closed', 'Open', 'Open', 'Open', 'Pending', 'Resolved']);
    } else {
      expect(numbers(res.body)).toEqual(of(...expected));
    }
  });

  it('sorts by product_brand and priority descending', async () => {
    const brand = await owner.agent.get('/api/tickets').query({ sort: '["product_brand","DESC"]', filter: '{"brand":"B"}' }).expect(200);
    expect(numbers(brand.body)).toEqual(of(4, 3));
    const priority = await owner.agent.get('/api/tickets').query({ sort: '["priority","DESC"]' }).expect(200);
    expect(priority.body.map((x: { priority: string }) => x.priority)).toEqual(['Medium', 'Medium', 'Low', 'High', 'High', 'High']);
  });

  it.each([
    ['status=Done', 'status must be one of: Open, Pending, Resolved, Closed'],
    ['priority=Urgent', 'priority must be one of: High, Medium, Low'],
    ['dateFrom=03/01/2025', 'dateFrom must be a date in the form YYYY-MM-DD'],
    ['dateFrom=2025-03-05&dateTo=2025-03-01', 'dateTo must not be before dateFrom'],
    ['sort=["password","ASC"]', 'The sort parameter must be [field, "ASC" | "DESC"] with field one of: created_at, updated_at, ticket_number, status, priority, product_brand'],
    ['range=[5,1]', 'The range parameter must be [start, end] with 0 <= start <= end'],
    ['filter={oops', 'The filter parameter must be valid JSON'],
  ])('rejects %s', async (query, message) => {
    const res = await owner.agent.get(`/api/tickets?${query}`).expect(400);
    expect(res.body.error).toBe(message);
  });
});

describe('GET /api/tickets/recent', () => {
  it('answers the latest tickets with customers, 10 by default', async () => {
    const res = await owner.agent.get('/api/tickets/recent').expect(200);
    expect(numbers(res.body)).toEqual(of(6, 5, 4, 3, 2, 1));
    expect(res.body[0].customer.name).toBe('Fay Fox');
    const two = await owner.agent.get('/api/tickets/recent?limit=2').expect(200);
    expect(numbers(two.body)).toEqual(of(6, 5));
  });

  it.each(['0', '51', 'x'])('rejects limit=%s', async (limit) => {
    const res = await owner.agent.get(`/api/tickets/recent?limit=${limit}`).expect(400);
    expect(res.body.error).toBe('limit must be between 1 and 50');
  });

  it("shows another organization only its own", async () => {
    const res = await other.agent.get('/api/tickets/recent').expect(200);
    expect(res.body.map((x: { id: string }) => x.id)).toEqual([foreign.id]);
  });
});
