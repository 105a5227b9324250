import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { createTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Issue 30: the ticket list's filter (and the customers) exported to CSV by a durable job, streamed. */

interface ExportBody {
  id: string;
  status: string;
  progress: number;
  total_rows: number | null;
  rows_done: number;
  download_url: string | null;
  file_name: string;
  error: string | null;
}

let app: TestApp;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  app = await startTestApp({ JOBS_POLL_INTERVAL_MS: '100' });
  owner = await registerOwner(app);
  other = await registerOwner(app);
});
afterAll(async () => app.close());

async function finished(who: SignedIn, id: string, timeoutMs = 60_000): Promise<ExportBody> {
  let body!: ExportBody;
  await eventually(`export ${id} is done`, async () => {
    body = (await who.agent.get(`/api/exports/${id}`).expect(200)).body;
    return body.status === 'ready' || body.status === 'failed';
  }, timeoutMs);
  return body;
}

async function download(who: SignedIn, body: ExportBody): Promise<string[][]> {
  const res = await who.agent.get(body.download_url!).buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => done(null, Buffer.concat(chunks)));
  }).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${body.file_name}"`);
  return parse(res.body as Buffer, { bom: true });
}

describe('exports', () => {
  it("exports exactly the list's current filter, tells the requester, and keeps it from everyone else", async () => {
    await createTicket(owner.agent, { issueDescription: '=HYPERLINK("http://evil.example","click") leaking' });
    const open = await createTicket(owner.agent);
    const closed = await createTicket(owner.agent);
    await owner.agent.patch(`/api/tickets/${closed.id}`).send({ status: 'Closed' }).expect(200);
    await createTicket(other.agent);

    const started = await owner.agent.post('/api/exports').send({ kind: 'tickets', filter: { status: 'Open' } }).expect(202);
    expect(started.body).toMatchObject({ status: 'queued', progress: 0, download_url: null });
    const done = await finished(owner, started.body.id);
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ status: 'ready', progress: 100, rows_done: 2, total_rows: 2 });

    const [header, ...rows] = await download(owner, done);
    expect(header.slice(0, 3)).toEqual(['Ticket Number', 'Status', 'Priority']);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r[1])).toEqual(['Open', 'Open']);
    expect(rows.map((r) => r[0])).toContain(open.ticketNumber);
    // A spreadsheet would run this as a formula: it is kept as text.
    const description = rows.map((r) => r[header.indexOf('Issue Description')]);
    expect(description).toContain(`'=HYPERLINK("http://evil.example","click") leaking`);

    // Announced to the requester only.
    await eventually('the export_ready notification', async () => {
      const list = (await owner.agent.get('/api/notifications').expect(200)).body as { type: string }[];
      return list.some((n) => n.type === 'export_ready');
    });
    // Another organization's user cannot read it or its file.
    await other.agent.get(`/api/exports/${done.id}`).expect(404);
    await other.agent.get(`/api/exports/${done.id}/file`).expect(404);
    // Recorded in the audit log.
    const audit = (await owner.agent.get('/api/audit-log').query({ filter: JSON.stringify({ kind: 'export' }) }).expect(200)).body as { subject: string }[];
    expect(audit.map((a) => a.subject)).toContain('tickets');
  });

  it('refuses a bad filter or kind with a 400 and queues nothing', async () => {
    const bad = await owner.agent.post('/api/exports').send({ kind: 'tickets', filter: { dateFrom: 'yesterday' } }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('dateFrom must be a date in the form YYYY-MM-DD');
    const kind = await owner.agent.post('/api/exports').send({ kind: 'invoices' }).expect(400);
    expect(JSON.stringify(kind.body)).toContain('kind must be one of: tickets, customers');
    await owner.agent.get('/api/exports/not-an-id').expect(404);
  });

  it('exports customers matching a search', async () => {
    await createTicket(owner.agent, { customerName: 'Zebulon Exportfield', customerEmail: 'zeb@example.com' });
    const started = await owner.agent.post('/api/exports').send({ kind: 'customers', filter: { q: 'exportfield' } }).expect(202);
    const done = await finished(owner, started.body.id);
    const [header, ...rows] = await download(owner, done);
    expect(header).toEqual(['Name', 'Email', 'Phone', 'Street', 'City', 'State', 'ZIP Code', 'Country', 'Created', 'Tickets']);
    expect(rows).toEqual([[ 'Zebulon Exportfield', 'zeb@example.com', expect.any(String), expect.any(String), expect.any(String), expect.any(String), expect.any(String), expect.any(String), expect.any(String), '1']]);
  });

  it('removes the file once the export expires', async () => {
    const started = await owner.agent.post('/api/exports').send({ kind: 'customers' }).expect(202);
    const done = await finished(owner, started.body.id);
    await owner.agent.get(done.download_url!).expect(200);
    await app.db.query(`update data_exports set expires_at = now() - interval '1 minute' where id = $1`, [done.id]);
    await owner.agent.get(done.download_url!).expect(409);
    const { ExportRunner } = await import('../src/modules/exports/export-runner.js');
    const expired = await app.created.app.get(ExportRunner).expire();
    expect(expired).toBeGreaterThanOrEqual(1);
    const after = (await owner.agent.get(`/api/exports/${done.id}`).expect(200)).body as ExportBody;
    expect(after).toMatchObject({ status: 'expired', download_url: null });
  });
});
