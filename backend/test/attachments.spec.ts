import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ATTACHMENT_SIZE_MESSAGE, ATTACHMENT_TYPE_MESSAGE } from '@warranty-crm/contract';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import type TestAgent from 'supertest/lib/agent.js';
import { TenantRunner } from '../src/common/tenancy/tenant-runner.js';
import { AttachmentsService } from '../src/modules/attachments/attachments.service.js';
import { StorageService } from '../src/modules/storage/storage.service.js';
import { Ticket } from '../src/modules/tickets/ticket.entity.js';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { createTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import { SseClient } from './support/sse-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let member: InvitedMember;
let stranger: SignedIn;

beforeAll(async () => {
  app = await startTestApp({ JOBS_POLL_INTERVAL_MS: '200' });
  owner = await registerOwner(app);
  member = await inviteMember(app, owner);
  stranger = await registerOwner(app);
  await owner.agent.patch('/api/user/profile').send({ first_name: 'Olivia', last_name: 'Owner' }).expect(200);
}, 120_000);
afterAll(async () => app?.close());

/** A real image of the given size, noise so it does not compress to nothing. */
async function image(format: 'png' | 'jpeg', width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })[format]().toBuffer();
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const fileOnDisk = (objectPath: string) => join(app.config.dataDir, 'objects', objectPath.replace(/^\/objects\//, ''));
const attachmentRows = async (ticketId: string) =>
  (await app.db.query('select file_name, content_type, tag, source, object_path, thumbnail_path from ticket_attachments where ticket_id = $1', [ticketId])).rows;

/** What the upload button does: ask for a signed URL, PUT the bytes, then attach them with a tag. */
async function upload(agent: TestAgent, ticketId: string, bytes: Buffer, filename: string, type: string) {
  const target = await agent.post(`/api/tickets/${ticketId}/attachments/uploads`).send({ filename, type, size: bytes.length });
  if (target.status !== 200) throw new Error(`upload URL refused: ${target.status} ${JSON.stringify(target.body)}`);
  await app.request().put(target.body.uploadURL).set(target.body.headers).send(bytes).expect(200);
  return target.body as { objectPath: string };
}

async function attach(agent: TestAgent, ticketId: string, bytes: Buffer, filename: string, type: string, tag = 'damage') {
  const { objectPath } = await upload(agent, ticketId, bytes, filename, type);
  return agent.post(`/api/tickets/${ticketId}/attachments`).send({ object_path: objectPath, tag });
}

async function thumbnailOf(agent: TestAgent, ticketId: string, attachmentId: string): Promise<Buffer> {
  let thumbnail: Buffer | null = null;
  await eventually('the thumbnail is made', async () => {
    const res = await agent.get(`/api/tickets/${ticketId}/attachments/${attachmentId}/thumbnail`).buffer(true).parse(binary as never);
    if (res.status === 200) thumbnail = res.body as Buffer;
    return res.status === 200;
  });
  return thumbnail!;
}

/** supertest parser that keeps any body as a Buffer. */
function binary(res: NodeJS.ReadableStream & { setEncoding(e: string): void }, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('OpenAPI', () => {
  it('documents every attachment route', async () => {
    const { body } = await app.request().get('/api/docs-json').expect(200);
    expect(Object.keys(body.paths['/api/tickets/{id}/attachments']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(body.paths['/api/tickets/{id}/attachments/uploads'])).toEqual(['post']);
    expect(Object.keys(body.paths['/api/tickets/{id}/attachments/{attachmentId}']).sort()).toEqual(['delete', 'patch']);
    expect(Object.keys(body.paths['/api/tickets/{id}/attachments/{attachmentId}/content'])).toEqual(['get']);
    expect(Object.keys(body.paths['/api/tickets/{id}/attachments/{attachmentId}/thumbnail'])).toEqual(['get']);
  });
});

describe('uploading evidence', () => {
  it('attaches a PNG photo with its tag and makes a 320 px wide WebP thumbnail', async () => {
    const ticket = await createTicket(owner.agent);
    const png = await image('png', 800, 600);
    const res = await attach(owner.agent, ticket.id, png, 'Broken hinge.png', 'image/png', 'damage');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ticket_id: ticket.id,
      filename: 'Broken hinge.png',
      content_type: 'image/png',
      size: png.length,
      tag: 'damage',
      source: 'upload',
      uploaded_by_id: owner.user.id,
      uploaded_by_name: 'Olivia Owner',
      content_url: `/api/tickets/${ticket.id}/attachments/${res.body.id}/content`,
    });

    const thumbnail = await thumbnailOf(owner.agent, ticket.id, res.body.id);
    const meta = await sharp(thumbnail).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(240);

    const list = await owner.agent.get(`/api/tickets/${ticket.id}/attachments`).expect(200);
    expect(list.body).toEqual([expect.objectContaining({ id: res.body.id, has_thumbnail: true, thumbnail_url: `/api/tickets/${ticket.id}/attachments/${res.body.id}/thumbnail` })]);
  });

  it('makes a thumbnail of a JPEG photo too, and an agent may upload', async () => {
    const ticket = await createTicket(owner.agent);
    const res = await attach(member.agent, ticket.id, await image('jpeg', 1000, 500), 'plate.JPG', 'image/jpeg', 'serial_plate');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content_type: 'image/jpeg', tag: 'serial_plate', uploaded_by_id: member.user.id });
    const meta = await sharp(await thumbnailOf(owner.agent, ticket.id, res.body.id)).metadata();
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(160);
  });

  it('keeps a HEIC photo the image library cannot decode without a thumbnail, and its job ends without retrying', async () => {
    const ticket = await createTicket(owner.agent);
    // An iPhone photo's container (ftyp heic); the bundled libvips reads AVIF but not HEVC-coded HEIC.
    const heic = Buffer.concat([Buffer.from('00000018', 'hex'), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(2000, 7)]);
    const res = await attach(owner.agent, ticket.id, heic, 'IMG_0001.HEIC', 'image/heic', 'damage');
    expect(res.status).toBe(201);
    expect(res.body.content_type).toBe('image/heic');
    const pending = async () =>
      (
        await app.db.query(
          `select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
            where t.identifier = 'attachments.thumbnail' and j.payload->>'attachmentId' = $1`,
          [res.body.id],
        )
      ).rows[0].n as number;
    await eventually('the thumbnail job is done', async () => (await pending()) === 0);
    const [listed] = (await owner.agent.get(`/api/tickets/${ticket.id}/attachments`).expect(200)).body;
    expect(listed).toMatchObject({ id: res.body.id, has_thumbnail: false, thumbnail_url: null });
  });

  it('attaches a PDF receipt, which has no thumbnail', async () => {
    const ticket = await createTicket(owner.agent);
    const res = await attach(owner.agent, ticket.id, PDF, 'receipt.pdf', 'application/pdf', 'receipt');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content_type: 'application/pdf', tag: 'receipt', has_thumbnail: false, thumbnail_url: null });
    const thumb = await owner.agent.get(`/api/tickets/${ticket.id}/attachments/${res.body.id}/thumbnail`).expect(404);
    expect(thumb.body).toMatchObject({ statusCode: 404, error: 'This attachment has no thumbnail', code: 'attachments.thumbnail_not_found' });
  });

  it('tags a file "other" when no tag is given, and refuses an unknown tag', async () => {
    const ticket = await createTicket(owner.agent);
    const { objectPath } = await upload(owner.agent, ticket.id, PDF, 'r.pdf', 'application/pdf');
    const bad = await owner.agent.post(`/api/tickets/${ticket.id}/attachments`).send({ object_path: objectPath, tag: 'invoice' }).expect(400);
    expect(bad.body.error).toBe('Tag must be one of: receipt, damage, serial_plate, other');
    const res = await owner.agent.post(`/api/tickets/${ticket.id}/attachments`).send({ object_path: objectPath }).expect(201);
    expect(res.body.tag).toBe('other');
  });
});

describe('a file is checked by its bytes, not its name', () => {
  it('refuses a PNG renamed .pdf with a clear 400, and deletes the upload', async () => {
    const ticket = await createTicket(owner.agent);
    const png = await image('png', 64, 64);
    const { objectPath } = await upload(owner.agent, ticket.id, png, 'scan.pdf', 'application/pdf');
    expect(existsSync(fileOnDisk(objectPath))).toBe(true);
    const res = await owner.agent.post(`/api/tickets/${ticket.id}/attachments`).send({ object_path: objectPath, tag: 'receipt' }).expect(400);
    const message = '"scan.pdf" is a PNG image, not a PDF document: attach it under its real type';
    expect(res.body).toMatchObject({ statusCode: 400, error: message, message, code: 'attachments.type_mismatch' });
    expect(await attachmentRows(ticket.id)).toEqual([]);
    expect(existsSync(fileOnDisk(objectPath))).toBe(false);
    expect((await app.db.query('select 1 from uploads where object_path = $1', [objectPath])).rowCount).toBe(0);
  });

  it('refuses text named .jpg whatever type it was declared as', async () => {
    const ticket = await createTicket(owner.agent);
    const res = await attach(owner.agent, ticket.id, Buffer.from('#!/bin/sh\necho not a photo\n'.repeat(20)), 'photo.jpg', 'image/jpeg');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: ATTACHMENT_TYPE_MESSAGE, code: 'attachments.type_not_allowed' });
    expect(await attachmentRows(ticket.id)).toEqual([]);
  });

  it.each([
    ['a file over 25 MB', { filename: 'long.mp4', type: 'video/mp4', size: 26 * 1024 * 1024 }, ATTACHMENT_SIZE_MESSAGE],
    ['a type that cannot be attached', { filename: 'notes.txt', type: 'text/plain', size: 10 }, ATTACHMENT_TYPE_MESSAGE],
    ['a page named .png', { filename: 'page.png', type: 'text/html', size: 10 }, ATTACHMENT_TYPE_MESSAGE],
  ])('refuses %s before any byte is sent', async (_, body, message) => {
    const ticket = await createTicket(owner.agent);
    const res = await owner.agent.post(`/api/tickets/${ticket.id}/attachments/uploads`).send(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: message });
  });

  it('refuses a PUT of more than the signed 25 MB (the size is bound by the signature)', async () => {
    const ticket = await createTicket(owner.agent);
    const target = await owner.agent.post(`/api/tickets/${ticket.id}/attachments/uploads`).send({ filename: 'clip.webm', type: 'video/webm', size: 26_214_400 }).expect(200);
    const tooMany = Buffer.alloc(26_214_401, 1);
    const put = await app.request().put(target.body.uploadURL).set(target.body.headers).send(tooMany);
    expect(put.status).toBe(403);
  });

  it('attaches an upload once: confirming it twice (a double click, two at once) keeps one attachment', async () => {
    const ticket = await createTicket(owner.agent);
    const { objectPath } = await upload(owner.agent, ticket.id, PDF, 'once.pdf', 'application/pdf');
    const confirm = () => owner.agent.post(`/api/tickets/${ticket.id}/attachments`).send({ object_path: objectPath, tag: 'receipt' });
    const statuses = (await Promise.all([confirm(), confirm()])).map((res) => res.status).sort();
    expect(statuses).toEqual([201, 400]);
    const again = await confirm().expect(400);
    expect(again.body.error).toBe('The uploaded file was not found: upload it again');
    expect(await attachmentRows(ticket.id)).toHaveLength(1);
  });

  it('refuses an object path that is not an upload of this organization', async () => {
    const ticket = await createTicket(owner.agent);
    const theirs = await createTicket(stranger.agent);
    const { objectPath } = await upload(stranger.agent, theirs.id, PDF, 'theirs.pdf', 'application/pdf');
    const res = await owner.agent.post(`/api/tickets/${ticket.id}/attachments`).send({ object_path: objectPath }).expect(400);
    expect(res.body.error).toBe('The uploaded file was not found: upload it again');
  });
});

describe('download and removal', () => {
  it('serves the file inline, as a download, and a Range as 206 with exactly those bytes', async () => {
    const ticket = await createTicket(owner.agent);
    const png = await image('png', 200, 100);
    const { body } = await attach(owner.agent, ticket.id, png, 'photo.png', 'image/png');
    const url = `/api/tickets/${ticket.id}/attachments/${body.id}/content`;

    const whole = await owner.agent.get(url).buffer(true).parse(binary as never).expect(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['content-disposition']).toBe(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(Buffer.compare(whole.body as Buffer, png)).toBe(0);

    const part = await owner.agent.get(url).set('Range', 'bytes=100-199').buffer(true).parse(binary as never).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${png.length}`);
    expect(Buffer.compare(part.body as Buffer, png.subarray(100, 200))).toBe(0);

    const download = await owner.agent.get(`${url}?download=true`).buffer(true).parse(binary as never).expect(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="photo.png"/);
  });

  it('changes the tag', async () => {
    const ticket = await createTicket(owner.agent);
    const { body } = await attach(owner.agent, ticket.id, PDF, 'r.pdf', 'application/pdf', 'other');
    const res = await owner.agent.patch(`/api/tickets/${ticket.id}/attachments/${body.id}`).send({ tag: 'receipt' }).expect(200);
    expect(res.body.tag).toBe('receipt');
    expect((await attachmentRows(ticket.id))[0].tag).toBe('receipt');
  });

  it('removes a file (an agent may), records both in the activity, and deletes its bytes and thumbnail', async () => {
    const ticket = await createTicket(owner.agent);
    const { body } = await attach(owner.agent, ticket.id, await image('png', 640, 480), 'dent.png', 'image/png', 'damage');
    await thumbnailOf(owner.agent, ticket.id, body.id);
    const [row] = await attachmentRows(ticket.id);

    await member.agent.delete(`/api/tickets/${ticket.id}/attachments/${body.id}`).expect(204);
    expect((await owner.agent.get(`/api/tickets/${ticket.id}/attachments`).expect(200)).body).toEqual([]);
    await owner.agent.get(`/api/tickets/${ticket.id}/attachments/${body.id}/content`).expect(404);

    const activity = (await owner.agent.get(`/api/tickets/${ticket.id}/activity`).expect(200)).body as { kind: string; actor: string; text: string }[];
    expect(activity.filter((e) => e.kind.startsWith('attachment_'))).toEqual([
      expect.objectContaining({ kind: 'attachment_added', actor: 'Olivia Owner', text: 'Attachment added: dent.png (Damage)' }),
      expect.objectContaining({ kind: 'attachment_removed', actor: member.user.username, text: 'Attachment removed: dent.png (Damage)' }),
    ]);

    // The clean-up deletes each upload's row, then its bytes, then commits (a failed delete keeps the row):
    // the bytes are gone a moment before the rows are.
    const uploads = async () => (await app.db.query('select 1 from uploads where object_path = any($1)', [[row.object_path, row.thumbnail_path]])).rowCount;
    await eventually('the bytes and their rows are deleted', async () =>
      !existsSync(fileOnDisk(row.object_path)) && !existsSync(fileOnDisk(row.thumbnail_path)) && (await uploads()) === 0);
  });
});

describe('a deleted ticket', () => {
  it("gives its files back to storage, whose clean-up deletes them a day later", async () => {
    const ticket = await createTicket(owner.agent);
    const { body } = await attach(owner.agent, ticket.id, await image('png', 400, 400), 'gone.png', 'image/png');
    await thumbnailOf(owner.agent, ticket.id, body.id);
    const [row] = await attachmentRows(ticket.id);
    const claimed = async () =>
      (await app.db.query('select object_path from uploads where object_path = any($1) and claimed_at is not null', [[row.object_path, row.thumbnail_path]])).rows;
    expect(await claimed()).toHaveLength(2);

    await owner.agent.delete('/api/tickets/bulk-delete').send({ ticketIds: [ticket.id] }).expect(200);
    expect(await attachmentRows(ticket.id)).toEqual([]);
    expect(await claimed()).toEqual([]);

    await app.created.app.get(StorageService).removeOrphans(new Date(Date.now() + 2 * 24 * 3600 * 1000));
    expect(existsSync(fileOnDisk(row.object_path))).toBe(false);
    expect(existsSync(fileOnDisk(row.thumbnail_path))).toBe(false);
  });
});

describe('live updates', () => {
  it("tells the organization's open tabs when a ticket's files change (added, thumbnail made, removed), and no other organization's", async () => {
    const server = app.created.app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cookieOf = async (who: SignedIn) => {
      const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: who.user.username, password: who.password }) });
      expect(res.status).toBe(200);
      return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    };
    const tab = await SseClient.connect(`${base}/api/events/stream`, await cookieOf(member));
    const strangerTab = await SseClient.connect(`${base}/api/events/stream`, await cookieOf(stranger));
    try {
      const ticket = await createTicket(owner.agent);
      const { body } = await attach(owner.agent, ticket.id, await image('png', 500, 500), 'live.png', 'image/png');
      const mine = () => tab.of('ticket_attachment').filter((data) => (data as { attachment_id: string }).attachment_id === body.id);
      await tab.waitFor('the upload and its thumbnail are announced', () => mine().length === 2);
      expect(mine()[0]).toEqual({ ticket_id: ticket.id, attachment_id: body.id });
      await owner.agent.delete(`/api/tickets/${ticket.id}/attachments/${body.id}`).expect(204);
      await tab.waitFor('the removal is announced', () => mine().length === 3);
      expect(strangerTab.of('ticket_attachment')).toEqual([]);
    } finally {
      tab.close();
      strangerTab.close();
    }
  });
});

describe('tenancy', () => {
  it("answers 404 for another organization's ticket and attachment, and for another ticket's attachment", async () => {
    const ticket = await createTicket(owner.agent);
    const other = await createTicket(owner.agent);
    const { body } = await attach(owner.agent, ticket.id, PDF, 'r.pdf', 'application/pdf');
    const base = `/api/tickets/${ticket.id}/attachments`;

    await stranger.agent.get(base).expect(404);
    await stranger.agent.post(`${base}/uploads`).send({ filename: 'a.pdf', type: 'application/pdf', size: 10 }).expect(404);
    await stranger.agent.get(`${base}/${body.id}/content`).expect(404);
    await stranger.agent.patch(`${base}/${body.id}`).send({ tag: 'receipt' }).expect(404);
    await stranger.agent.delete(`${base}/${body.id}`).expect(404);
    const otherTicket = await owner.agent.get(`/api/tickets/${other.id}/attachments/${body.id}/content`).expect(404);
    expect(otherTicket.body).toMatchObject({ error: 'Attachment not found', code: 'attachments.not_found' });
    await owner.agent.get(`${base}/not-a-uuid/content`).expect(404);
    await app.request().get(base).expect(401);
    expect(await attachmentRows(ticket.id)).toHaveLength(1);
  });
});

describe('attachFromBuffer (an inbound e-mail\'s files)', () => {
  it('keeps a photo by its bytes as an e-mail attachment, in the activity, with a thumbnail; refuses other files', async () => {
    const ticket = await createTicket(owner.agent);
    const service = app.created.app.get(AttachmentsService);
    const png = await image('png', 700, 350);
    const [kept, refused, tooLarge] = await app.created.app.get(TenantRunner).run(owner.user.organization_id, async ({ em }) => {
      const entity = await em.findOneOrFail(Ticket, { id: ticket.id });
      return [
        await service.attachFromBuffer(em, entity, { filename: 'IMG_0042.png', contentType: 'application/octet-stream', bytes: png }, 'email'),
        await service.attachFromBuffer(em, entity, { filename: 'invoice.docx', contentType: 'application/pdf', bytes: Buffer.from('PK\u0003\u0004 not really') }, 'email'),
        await service.attachFromBuffer(em, entity, { filename: 'huge.pdf', contentType: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(26 * 1024 * 1024)]) }, 'email'),
      ];
    });
    expect(kept).not.toBeNull();
    expect(refused).toBeNull();
    expect(tooLarge).toBeNull();

    const list = (await owner.agent.get(`/api/tickets/${ticket.id}/attachments`).expect(200)).body;
    expect(list).toEqual([expect.objectContaining({ id: kept!.id, filename: 'IMG_0042.png', content_type: 'image/png', source: 'email', tag: 'other', uploaded_by_id: null })]);
    const content = await owner.agent.get(`/api/tickets/${ticket.id}/attachments/${kept!.id}/content`).buffer(true).parse(binary as never).expect(200);
    expect(Buffer.compare(content.body as Buffer, png)).toBe(0);
    expect((await sharp(await thumbnailOf(owner.agent, ticket.id, kept!.id)).metadata()).width).toBe(320);

    const activity = (await owner.agent.get(`/api/tickets/${ticket.id}/activity`).expect(200)).body as { kind: string; actor: string; text: string }[];
    expect(activity).toContainEqual(expect.objectContaining({ kind: 'attachment_added', actor: 'E-mail', text: 'Attachment received by e-mail: IMG_0042.png (Other)' }));
  });
});
