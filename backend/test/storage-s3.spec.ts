import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { TenantRunner } from '../src/common/tenancy/tenant-runner.js';
import { StorageService } from '../src/modules/storage/storage.service.js';
import { requestUpload, wavBytes } from './factories/uploads.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const BUCKET = 'crm-uploads';
let s3: S3rver;
let endpoint: string;
let app: TestApp;
let owner: SignedIn;
let storage: StorageService;
/** A client of our own to look into the bucket, beside the app's. */
let inspector: S3Client;

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, directory: mkdtempSync(join(tmpdir(), 'wcrm-s3-')), silent: true, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  app = await startTestApp({
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
  inspector = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  owner = await registerOwner(app);
  storage = app.created.app.get(StorageService);
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const keyOf = (objectPath: string) => objectPath.replace(/^\/objects\//, '');
async function inBucket(objectPath: string): Promise<boolean> {
  return inspector.send(new HeadObjectCommand({ Bucket: BUCKET, Key: keyOf(objectPath) })).then(
    () => true,
    () => false,
  );
}
/** What a browser does with the upload parameters. */
const browserPut = (url: string, headers: Record<string, string>, body: Buffer) => fetch(url, { method: 'PUT', headers, body });

describe('S3 driver', () => {
  it('presigns a PUT straight to the bucket with content type and length signed, and no checksum', async () => {
    const bytes = wavBytes(40);
    const upload = await requestUpload(owner.agent, bytes);
    const url = new URL(upload.uploadURL);
    expect(`${url.origin}${url.pathname}`).toBe(`${endpoint}/${BUCKET}/${keyOf(upload.objectPath)}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    expect(upload.headers).toEqual({ 'Content-Type': 'audio/wav' });

    const put = await browserPut(upload.uploadURL, upload.headers, bytes);
    expect(put.status).toBe(200);
    expect(await inBucket(upload.objectPath)).toBe(true);
  });

  it("serves the organization's object from the bucket with type and Range, and 404 to another organization", async () => {
    const bytes = wavBytes(100);
    const upload = await requestUpload(owner.agent, bytes);
    expect((await browserPut(upload.uploadURL, upload.headers, bytes)).status).toBe(200);

    const whole = await owner.agent.get(upload.objectPath).buffer(true).expect(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(Buffer.from(whole.body)).toEqual(bytes);
    const part = await owner.agent.get(upload.objectPath).set('Range', 'bytes=4-7').buffer(true).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 4-7/${bytes.length}`);
    expect(Buffer.from(part.body)).toEqual(bytes.subarray(4, 8));

    const stranger = await registerOwner(app);
    await stranger.agent.get(upload.objectPath).expect(404);
  });

  it("answers a Range beyond the object's end 416 with the storage error, and a part with the bucket's headers", async () => {
    const bytes = wavBytes(50);
    const upload = await requestUpload(owner.agent, bytes);
    expect((await browserPut(upload.uploadURL, upload.headers, bytes)).status).toBe(200);

    const beyond = await owner.agent.get(upload.objectPath).set('Range', `bytes=${bytes.length + 10}-`).expect(416);
    expect(beyond.body).toEqual({ statusCode: 416, error: 'Range Not Satisfiable', message: 'Range Not Satisfiable', code: 'storage.range_not_satisfiable' });

    const part = await owner.agent.get(upload.objectPath).set('Range', 'bytes=0-9').buffer(true).expect(206);
    expect(part.headers).toMatchObject({
      'content-type': 'audio/wav',
      'accept-ranges': 'bytes',
      'content-length': '10',
      'content-range': `bytes 0-9/${bytes.length}`,
    });
    expect(part.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(new Date(part.headers['last-modified']).getTime()).not.toBeNaN();
  });

  it('mints a presigned GET for providers that stops working when it expires', async () => {
    const bytes = wavBytes(30);
    const upload = await requestUpload(owner.agent, bytes, 'hello.wav');
    expect((await browserPut(upload.uploadURL, upload.headers, bytes)).status).toBe(200);

    const url = await storage.signedReadUrl(upload.objectPath, 60);
    expect(url.startsWith(`${endpoint}/${BUCKET}/`)).toBe(true);
    const read = await fetch(url);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(bytes);

    const shortLived = await storage.signedReadUrl(upload.objectPath, 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(shortLived);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });

  it('claims only objects present in the bucket and removes unclaimed ones after a day', async () => {
    const bytes = wavBytes(10);
    const abandoned = await requestUpload(owner.agent, bytes, 'abandoned.wav');
    const kept = await requestUpload(owner.agent, bytes, 'kept.wav');
    await expect(storage.claim(owner.user.organization_id, kept.objectPath)).rejects.toThrow('The uploaded file was not found');
    for (const upload of [abandoned, kept]) expect((await browserPut(upload.uploadURL, upload.headers, bytes)).status).toBe(200);
    await storage.claim(owner.user.organization_id, kept.objectPath);
    await app.db.query("update uploads set created_at = now() - interval '2 days' where object_path = any($1)", [[abandoned.objectPath, kept.objectPath]]);

    await storage.removeOrphans();

    expect(await inBucket(abandoned.objectPath)).toBe(false);
    expect(await inBucket(kept.objectPath)).toBe(true);
    await owner.agent.get(kept.objectPath).expect(200);
    await owner.agent.get(abandoned.objectPath).expect(404);
  });

  it('keeps bytes the server received (an inbound e-mail attachment) in the bucket as a claimed upload the organization reads', async () => {
    const bytes = Buffer.from('attachment bytes from an inbound e-mail');
    const organizationId = owner.user.organization_id;
    const objectPath = await app.created.app.get(TenantRunner).run(organizationId, ({ em }) =>
      storage.store(em, organizationId, { name: 'mail-abc-1-photo.jpg', filename: 'photo.jpg', contentType: 'image/jpeg', bytes, purpose: 'email_attachment' }),
    );
    expect(await inBucket(objectPath)).toBe(true);
    await storage.removeOrphans(new Date(Date.now() + 3 * 24 * 3600 * 1000));
    const read = await owner.agent.get(objectPath).buffer(true).expect(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.from(read.body as Buffer).equals(bytes)).toBe(true);
  });
});
