import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { createTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Attachments with S3 storage (s3rver on 127.0.0.1 through the real AWS SDK): the browser PUTs straight to the bucket. */
const BUCKET = 'crm-evidence';
let s3: S3rver;
let app: TestApp;
let owner: SignedIn;
let inspector: S3Client;

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, directory: mkdtempSync(join(tmpdir(), 'wcrm-s3-att-')), silent: true, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  app = await startTestApp({
    JOBS_POLL_INTERVAL_MS: '200',
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
  inspector = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  owner = await registerOwner(app);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const inBucket = (objectPath: string) =>
  inspector.send(new HeadObjectCommand({ Bucket: BUCKET, Key: objectPath.replace(/^\/objects\//, '') })).then(
    () => true,
    () => false,
  );

function binary(res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

async function png(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

async function uploadToBucket(ticketId: string, bytes: Buffer, filename: string, type: string): Promise<string> {
  const target = await owner.agent.post(`/api/tickets/${ticketId}/attachments/uploads`).send({ filename, type, size: bytes.length }).expect(200);
  expect(target.body.uploadURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/crm-evidence\/uploads\//);
  const put = await fetch(target.body.uploadURL, { method: 'PUT', headers: target.body.headers, body: bytes });
  expect(put.status).toBe(200);
  return target.body.objectPath as string;
}

describe('attachments on S3', () => {
  it('checks the bytes in the bucket, makes the thumbnail into the bucket, serves Range, and deletes both on removal', async () => {
    const ticket = await createTicket(owner.agent);
    const bytes = await png(900, 300);
    const objectPath = await uploadToBucket(ticket.id, bytes, 'damage.png', 'image/png');
    const res = await owner.agent.post(`/api/tickets/${ticket.id}/attachments`).send({ object_path: objectPath, tag: 'damage' }).expect(201);

    let thumbnail: Buffer | null = null;
    await eventually('the thumbnail is made', async () => {
      const got = await owner.agent.get(`/api/tickets/${ticket.id}/attachments/${res.body.id}/thumbnail`).buffer(true).parse(binary as never);
      if (got.status === 200) thumbnail = got.body as Buffer;
      return got.status === 200;
    });
    expect((await sharp(thumbnail!).metadata()).width).toBe(320);
    const { rows } = await app.db.query('select thumbnail_path from ticket_attachments where id = $1', [res.body.id]);
    expect(await inBucket(rows[0].thumbnail_path)).toBe(true);

    const part = await owner.agent.get(`/api/tickets/${ticket.id}/attachments/${res.body.id}/content`).set('Range', 'bytes=8-15').buffer(true).parse(binary as never).expect(206);
    expect(part.headers['content-type']).toBe('image/png');
    expect(part.headers['content-range']).toBe(`bytes 8-15/${bytes.length}`);
    expect(Buffer.compare(part.body as Buffer, bytes.subarray(8, 16))).toBe(0);

    await owner.agent.delete(`/api/tickets/${ticket.id}/attachments/${res.body.id}`).expect(204);
    await eventually('the bytes leave the bucket', async () => !(await inBucket(objectPath)) && !(await inBucket(rows[0].thumbnail_path)));
  });

  it('refuses a PNG renamed .pdf and deletes it from the bucket', async () => {
    const ticket = await createTicket(owner.agent);
    const objectPath = await uploadToBucket(ticket.id, await png(40, 40), 'receipt.pdf', 'application/pdf');
    expect(await inBucket(objectPath)).toBe(true);
    const res = await owner.agent.post(`/api/tickets/${ticket.id}/attachments`).send({ object_path: objectPath, tag: 'receipt' }).expect(400);
    expect(res.body.error).toBe('"receipt.pdf" is a PNG image, not a PDF document: attach it under its real type');
    expect(await inBucket(objectPath)).toBe(false);
  });
});
