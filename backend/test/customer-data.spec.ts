import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { access, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { extract } from 'tar';
import type TestAgent from 'supertest/lib/agent.js';
import { createTicket } from './factories/tickets.js';
import { inviteMember } from './factories/members.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import type { TestApp } from './support/test-app.js';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { connectAccount, leaveVoicemail, startTelephonyApp, type TelephonyApp } from './factories/telephony.js';

/** Issue 35: a customer's data exported (an archive of JSON and files) and erased on request. */

interface ExportBody {
  id: string;
  kind: string;
  status: string;
  progress: number;
  total_rows: number | null;
  rows_done: number;
  download_url: string | null;
  file_name: string;
  error: string | null;
  expires_at: string | null;
}

let t: TelephonyApp;
let app: TestApp;
let owner: SignedIn;
let account: FakeAccount;
let line: { id: string; phone_number: string };

beforeAll(async () => {
  t = await startTelephonyApp({ JOBS_POLL_INTERVAL_MS: '100' });
  app = t.app;
  owner = await registerOwner(app);
  account = await connectAccount(t.fake, owner.agent);
  const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '512' }).expect(200);
  line = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body;
});
afterAll(async () => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** What the upload button does: a signed URL, the bytes PUT, then the attachment. */
async function attach(agent: TestAgent, ticketId: string, bytes: Buffer, filename: string, type: string): Promise<{ id: string; object_path: string }> {
  const target = await agent.post(`/api/tickets/${ticketId}/attachments/uploads`).send({ filename, type, size: bytes.length }).expect(200);
  await app.request().put(target.body.uploadURL).set(target.body.headers).send(bytes).expect(200);
  const res = await agent.post(`/api/tickets/${ticketId}/attachments`).send({ object_path: target.body.objectPath, tag: 'receipt' }).expect(201);
  return { id: res.body.id, object_path: target.body.objectPath };
}

/** A customer with a unique marker in every personal field, a ticket, an inbound e-mail, an attachment and a voicemail. */
export async function markedCustomer(agent: TestAgent) {
  const marker = `zq${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const digits = String(Math.floor(1000 + Math.random() * 8999));
  // (a 415 number: its digits are a marker of their own)
  const values = {
    name: `Marker ${marker} Person`,
    email: `${marker}@example.com`,
    phone: `+1415555${digits}`,
    street: `${marker} Street 12`,
    description: `My jack ${marker}desc leaks everywhere`,
    message: `Hello from ${marker}msg about my jack`,
    transcript: `Voicemail ${marker}vm please call back`,
    fileName: `${marker}-receipt.pdf`,
  };
  const ticket = await createTicket(agent, {
    customerName: values.name,
    customerEmail: values.email,
    customerPhone: values.phone,
    issueDescription: values.description,
  });
  const organizationId = (await app.db.query('select organization_id from tickets where id = $1', [ticket.id])).rows[0].organization_id as string;
  await app.db.query('update customers set street = $1 where id = $2', [values.street, ticket.customer.id]);
  await app.db.query(
    `insert into ticket_messages (organization_id, ticket_id, channel, direction, status, author_name, from_address, to_address, subject, body, body_html, quoted)
     values ($1, $2, 'email', 'inbound', 'received', $3, $4, 'support@example.com', $5, $6, $7, $8)`,
    [organizationId, ticket.id, values.name, values.email, `Re: ${marker}subj`, values.message, `<p>${values.message}</p>`, `> ${values.message}`],
  );
  // Their voicemail: recorded at (fake) Twilio, transcribed, linked to their ticket by the number.
  const voicemail = await leaveVoicemail(t, account, { from: values.phone, to: line.phone_number, callerName: values.name, transcript: values.transcript });
  const linked = (await app.db.query('select ticket_id from call_logs where call_sid = $1', [voicemail.callSid])).rows[0];
  expect(linked.ticket_id).toBe(ticket.id);
  const attachment = await attach(agent, ticket.id, PDF, values.fileName, 'application/pdf');
  return { marker, values, ticket, customerId: ticket.customer.id, attachment, organizationId, voicemail };
}

async function finished(who: SignedIn, id: string): Promise<ExportBody> {
  let body!: ExportBody;
  await eventually(`export ${id} is done`, async () => {
    body = (await who.agent.get(`/api/exports/${id}`).expect(200)).body;
    return body.status === 'ready' || body.status === 'failed';
  }, 60_000);
  return body;
}

async function downloadBytes(who: SignedIn, url: string): Promise<{ bytes: Buffer; headers: Record<string, string> }> {
  const res = await who.agent.get(url).buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => done(null, Buffer.concat(chunks)));
  }).expect(200);
  return { bytes: res.body as Buffer, headers: res.headers as Record<string, string> };
}

describe("a customer's data export", () => {
  it('is an archive of customer.json (customer, tickets, calls, messages, attachments, activity, notifications) and the files, recorded in the audit log', async () => {
    const { values, ticket, customerId, attachment } = await markedCustomer(owner.agent);
    // Another customer's ticket is not in it.
    const stranger = await createTicket(owner.agent, { customerName: 'Somebody Else', issueDescription: 'Not theirs at all, another person entirely' });

    const started = await owner.agent.post('/api/exports/customer-data').send({ customer_id: customerId }).expect(202);
    expect(started.body).toMatchObject({ kind: 'customer_data', status: 'queued', progress: 0, download_url: null });
    const done = await finished(owner, started.body.id);
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ status: 'ready', progress: 100, rows_done: 2, total_rows: 2 });
    expect(done.file_name).toMatch(/^customer-data-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    const hoursKept = (new Date(done.expires_at!).getTime() - Date.now()) / 3_600_000;
    expect(hoursKept).toBeGreaterThan(23);
    expect(hoursKept).toBeLessThanOrEqual(24);

    const { bytes, headers } = await downloadBytes(owner, done.download_url!);
    expect(headers['content-type']).toMatch(/^application\/gzip/);
    expect(headers['content-disposition']).toBe(`attachment; filename="${done.file_name}"`);
    const directory = await mkdtemp(join(tmpdir(), 'customer-data-test-'));
    try {
      await writeFile(join(directory, 'archive.tar.gz'), bytes);
      const out = join(directory, 'out');
      await import('node:fs/promises').then((fs) => fs.mkdir(out));
      await extract({ file: join(directory, 'archive.tar.gz'), cwd: out });
      const json = JSON.parse(await readFile(join(out, 'customer.json'), 'utf8'));
      expect(json.customer).toMatchObject({ id: customerId, name: values.name, email: values.email, phone: values.phone, street: values.street });
      expect(json.tickets.map((t: { id: string }) => t.id)).toEqual([ticket.id]);
      expect(json.tickets[0]).toMatchObject({ issue_description: values.description, ticket_number: ticket.ticketNumber });
      expect(json.tickets.map((t: { id: string }) => t.id)).not.toContain(stranger.id);
      expect(json.call_logs).toEqual([expect.objectContaining({ transcription: values.transcript, from_phone: values.phone })]);
      expect(json.messages).toEqual([expect.objectContaining({ body: values.message, from_address: values.email })]);
      expect(json.attachments).toEqual([expect.objectContaining({ id: attachment.id, file_name: values.fileName, object_path: attachment.object_path })]);
      expect(json.activities.length).toBeGreaterThan(0);
      expect(json.activities.every((a: { ticket_id: string }) => a.ticket_id === ticket.id)).toBe(true);
      expect(Array.isArray(json.notifications)).toBe(true);
      // The file itself, byte for byte.
      const files = await readdir(join(out, 'files'));
      expect(files).toHaveLength(1);
      expect(join('files', files[0])).toBe(json.attachments[0].archive_path);
      expect(await readFile(join(out, 'files', files[0]))).toEqual(PDF);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }

    const audit = (await owner.agent.get('/api/audit-log').query({ filter: JSON.stringify({ kind: 'export' }) }).expect(200)).body as { kind: string; subject: string }[];
    expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'export', subject: `customer ${customerId}` })]));
  });

  it('is for administrators, of a customer of their organization, and not through the list export', async () => {
    const { customerId } = await markedCustomer(owner.agent);
    const member = await inviteMember(app, owner);
    const refused = await member.agent.post('/api/exports/customer-data').send({ customer_id: customerId }).expect(403);
    expect(refused.body.statusCode).toBe(403);
    const other = await registerOwner(app);
    const missing = await other.agent.post('/api/exports/customer-data').send({ customer_id: customerId }).expect(404);
    expect(missing.body).toMatchObject({ statusCode: 404, code: 'exports.customer_not_found' });
    const bad = await owner.agent.post('/api/exports/customer-data').send({ customer_id: 'nope' }).expect(400);
    expect(bad.body.statusCode).toBe(400);
    const viaList = await owner.agent.post('/api/exports').send({ kind: 'customer_data', filter: { customer_id: customerId } }).expect(400);
    expect(viaList.body.code).toBe('exports.invalid_kind');
  });
});

const fileOnDisk = (objectPath: string) => join(app.config.dataDir, 'objects', objectPath.replace(/^\/objects\//, ''));
const exists = (path: string) => access(path).then(() => true, () => false);

/** Every row of every table of the organization, as text, that contains `needle` (case-insensitive). */
async function rowsContaining(organizationId: string, needle: string): Promise<string[]> {
  const tables = (await app.db.query(
    `select c.table_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and c.column_name = 'organization_id' and t.table_type = 'BASE TABLE'`,
  )).rows.map((r: { table_name: string }) => r.table_name);
  const found: string[] = [];
  for (const table of [...tables, 'organizations']) {
    const column = table === 'organizations' ? 'id' : 'organization_id';
    const { rows } = await app.db.query(`select x::text as row from "${table}" x where x."${column}" = $1 and x::text ilike $2`, [organizationId, `%${needle}%`]);
    found.push(...rows.map((r: { row: string }) => `${table}: ${r.row}`));
  }
  return found;
}

describe('erasing a customer', () => {
  it('anonymises them and everything of theirs: no marker is found by any API or in the database, their files and recording are gone, totals unchanged', async () => {
    const { marker, values, ticket, customerId, attachment, organizationId, voicemail } = await markedCustomer(owner.agent);
    const attachmentRow = (await app.db.query('select thumbnail_path from ticket_attachments where id = $1', [attachment.id])).rows[0];
    expect(await exists(fileOnDisk(attachment.object_path))).toBe(true);
    expect(t.fake.recordings.has(voicemail.recordingSid)).toBe(true);
    const digits = values.phone.slice(2);
    const markers = [marker, values.email, digits, values.street];
    // Before: the markers are there to be found (so the searches below can fail).
    expect((await rowsContaining(organizationId, marker)).length).toBeGreaterThan(0);
    const searchedBefore = (await owner.agent.get('/api/search').query({ q: values.email }).expect(200)).body;
    expect(JSON.stringify(searchedBefore)).toContain(customerId);
    const metricsBefore = (await owner.agent.get('/api/tickets/metrics').expect(200)).body;

    const wrong = await owner.agent.post(`/api/customers/${customerId}/erase`).send({ confirm: 'Somebody else' }).expect(400);
    expect(wrong.body).toMatchObject({ statusCode: 400, code: 'customer_data.confirmation_mismatch', message: "Type the customer's name exactly to confirm the erasure" });
    const member = await inviteMember(app, owner);
    await member.agent.post(`/api/customers/${customerId}/erase`).send({ confirm: values.name }).expect(403);
    expect((await app.db.query('select name from customers where id = $1', [customerId])).rows[0].name).toBe(values.name);

    await owner.agent.post(`/api/customers/${customerId}/erase`).send({ confirm: values.name }).expect(204);

    const customer = (await owner.agent.get(`/api/customers/${customerId}`).expect(200)).body;
    expect(customer).toMatchObject({ id: customerId, name: 'Erased customer', email: null, phone: null, street: null });
    const apis = [
      `/api/customers/${customerId}`,
      `/api/tickets/${ticket.id}`,
      `/api/tickets/${ticket.id}/messages`,
      `/api/tickets/${ticket.id}/call-logs`,
      `/api/tickets/${ticket.id}/activity`,
      `/api/tickets/${ticket.id}/attachments`,
      '/api/call-logs',
      '/api/notifications',
      '/api/audit-log',
    ];
    for (const url of apis) {
      const text = JSON.stringify((await owner.agent.get(url).expect(200)).body);
      for (const m of markers) expect({ url, found: text.toLowerCase().includes(m.toLowerCase()) }).toEqual({ url, found: false });
    }
    for (const m of [...markers, values.name, `${marker}desc`, `${marker}msg`, `${marker}vm`]) {
      const search = (await owner.agent.get('/api/search').query({ q: m }).expect(200)).body;
      expect({ m, search: JSON.stringify(search).includes(customerId) || JSON.stringify(search).includes(ticket.id) }).toEqual({ m, search: false });
      const tickets = (await owner.agent.get('/api/tickets').query({ filter: JSON.stringify({ q: m }) }).expect(200)).body;
      expect({ m, tickets }).toEqual({ m, tickets: [] });
      const customers = (await owner.agent.get('/api/customers').query({ filter: JSON.stringify({ q: m }) }).expect(200)).body;
      expect({ m, customers }).toEqual({ m, customers: [] });
    }
    for (const m of markers) expect({ m, rows: await rowsContaining(organizationId, m) }).toEqual({ m, rows: [] });

    // The ticket stays (its number, product, status), so the totals do not move.
    const kept = (await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body;
    expect(kept).toMatchObject({ id: ticket.id, ticket_number: ticket.ticketNumber, status: ticket.status });
    expect((await owner.agent.get('/api/tickets/metrics').expect(200)).body).toEqual(metricsBefore);

    // After the commit, a job deletes the files from storage and the recording at Twilio.
    await eventually('the attachment and its thumbnail are gone from storage', async () =>
      !(await exists(fileOnDisk(attachment.object_path))) && !(attachmentRow.thumbnail_path && (await exists(fileOnDisk(attachmentRow.thumbnail_path)))));
    await eventually('the recording is deleted at Twilio', async () => !t.fake.recordings.has(voicemail.recordingSid));
    expect((await app.db.query('select count(*)::int as n from uploads where object_path = $1', [attachment.object_path])).rows[0].n).toBe(0);

    const audit = (await owner.agent.get('/api/audit-log').query({ filter: JSON.stringify({ kind: 'customer_erased' }) }).expect(200)).body as { kind: string; subject: string }[];
    expect(audit).toEqual([expect.objectContaining({ kind: 'customer_erased', subject: `customer ${customerId}` })]);
  });

  it("is a 404 for another organization's customer", async () => {
    const { customerId, values } = await markedCustomer(owner.agent);
    const other = await registerOwner(app);
    const res = await other.agent.post(`/api/customers/${customerId}/erase`).send({ confirm: values.name }).expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'customer_data.not_found' });
  });
});
