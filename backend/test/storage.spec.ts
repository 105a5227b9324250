import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobRegistry } from '../src/common/jobs/job-registry.js';
import { StorageService } from '../src/modules/storage/storage.service.js';
import { UrlSigner } from '../src/modules/storage/url-signer.js';
import { requestUpload, wavBytes } from './factories/uploads.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let storage: StorageService;

beforeAll(async () => {
  // Under a dot folder, as the default DATA_DIR (.data) is: files there must still be served.
  app = await startTestApp({ DATA_DIR: join(mkdtempSync(join(tmpdir(), 'wcrm-storage-')), '.data') });
  owner = await registerOwner(app);
  storage = app.created.app.get(StorageService);
});
afterAll(async () => app.close());

const fileOnDisk = (objectPath: string) => join(app.config.dataDir, 'objects', objectPath.replace(/^\/objects\//, ''));
const uploadRows = async (organizationId: string) =>
  (await app.db.query('select object_path, claimed_at from uploads where organization_id = $1', [organizationId])).rows;
/** The request line of an absolute URL (the app is reached through supertest, not PUBLIC_BASE_URL). */
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe('OpenAPI', () => {
  it('documents the upload call under /api and the stored-file path outside it', async () => {
    const docs = await app.request().get('/api/docs-json').expect(200);
    expect(Object.keys(docs.body.paths['/api/objects/upload'])).toEqual(['post']);
    expect(Object.keys(docs.body.paths['/objects/uploads/{path}'])).toEqual(['get']);
    expect(Object.keys(docs.body.paths).filter((path) => path.includes('storage'))).toEqual([]);
  });
});

describe('POST /api/objects/upload', () => {
  it('needs a session', async () => {
    await app.request().post('/api/objects/upload').send({ filename: 'a.wav', type: 'audio/wav', size: 10 }).expect(401);
  });

  it('answers a short-lived signed PUT and the object path, under the organization', async () => {
    const res = await owner.agent.post('/api/objects/upload').send({ filename: 'Main greeting (v2).wav', type: 'audio/wav', size: 108 }).expect(200);
    const org = owner.user.organization_id;
    expect(res.body).toEqual({
      uploadURL: expect.stringMatching(new RegExp(`^/api/storage/uploads/${org}/[0-9a-f-]{36}-Main-greeting-v2\\.wav\\?expires=\\d+&signature=[\\w-]+$`)),
      method: 'PUT',
      headers: { 'Content-Type': 'audio/wav' },
      objectPath: expect.stringMatching(new RegExp(`^/objects/uploads/${org}/[0-9a-f-]{36}-Main-greeting-v2\\.wav$`)),
    });
    const expires = Number(/expires=(\d+)/.exec(res.body.uploadURL)![1]);
    expect(expires * 1000 - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
    expect(await uploadRows(org)).toContainEqual({ object_path: res.body.objectPath, claimed_at: null });
  });

  it.each([
    ['a text file', { filename: 'notes.txt', type: 'text/plain', size: 10 }, 'Only MP3 or WAV audio files can be uploaded'],
    ['a page named .mp3', { filename: 'page.mp3', type: 'text/html', size: 10 }, 'Only MP3 or WAV audio files can be uploaded'],
    ['a file over 5 MB', { filename: 'long.mp3', type: 'audio/mpeg', size: 5_242_881 }, 'The audio file must be 5 MB (5242880 bytes) or smaller'],
    ['an empty file', { filename: 'empty.wav', type: 'audio/wav', size: 0 }, 'File data is empty'],
    ['no file name', { type: 'audio/wav', size: 10 }, 'File name is required'],
    ['an unknown purpose', { filename: 'a.wav', type: 'audio/wav', size: 10, purpose: 'avatar' }, 'Purpose must be one of: greeting_audio'],
  ])('refuses %s with 400 and stores nothing', async (_, body, message) => {
    const { agent, user } = await registerOwner(app);
    const res = await agent.post('/api/objects/upload').send(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: message, message });
    expect(await uploadRows(user.organization_id)).toEqual([]);
    expect(existsSync(join(app.config.dataDir, 'objects', 'uploads', user.organization_id))).toBe(false);
  });
});

describe('signed upload round trip (local disk)', () => {
  it('stores exactly the bytes sent and serves them to the organization with type and Range', async () => {
    const bytes = wavBytes(200);
    const upload = await requestUpload(owner.agent, bytes);
    // The browser's PUT: no session needed, the signature is the permission.
    await app.request().put(upload.uploadURL).set(upload.headers).send(bytes).expect(200);
    expect(readFileSync(fileOnDisk(upload.objectPath))).toEqual(bytes);

    const whole = await owner.agent.get(upload.objectPath).buffer(true).expect(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.from(whole.body)).toEqual(bytes);

    const part = await owner.agent.get(upload.objectPath).set('Range', 'bytes=0-3').buffer(true).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${bytes.length}`);
    expect(Buffer.from(part.body).toString()).toBe('RIFF');
  });

  it('refuses a tampered URL, another type or size, and an expired URL with 403, storing nothing', async () => {
    const bytes = wavBytes(50);
    const upload = await requestUpload(owner.agent, bytes);
    const put = (url: string, type = 'audio/wav', body = bytes) => app.request().put(url).set('Content-Type', type).send(body);

    const otherName = upload.uploadURL.replace('greeting.wav', 'other.wav');
    expect((await put(otherName).expect(403)).body.error).toBe('Request signature does not match');
    // Another first character of the signature (never the same one, or the URL would be untouched).
    await put(upload.uploadURL.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`)).expect(403);
    await put(upload.uploadURL.replace(/expires=(\d+)/, (_, e) => `expires=${Number(e) + 3600}`)).expect(403);
    await put(upload.uploadURL, 'audio/mpeg').expect(403);
    await put(upload.uploadURL, 'audio/wav', Buffer.concat([bytes, Buffer.from('more')])).expect(403);
    expect(existsSync(fileOnDisk(upload.objectPath))).toBe(false);

    // A URL whose time is up, signed with the real key: expired, not tampered.
    const key = upload.objectPath.replace('/objects/', '');
    const expires = Math.floor(Date.now() / 1000) - 1;
    const signature = new UrlSigner(app.config.appSecret).sign({ method: 'PUT', key, expires, contentType: 'audio/wav', size: bytes.length });
    const expired = await put(`/api/storage/${key}?expires=${expires}&signature=${signature}`).expect(403);
    expect(expired.body).toEqual({ statusCode: 403, error: 'Request has expired', message: 'Request has expired', code: 'storage.url_expired' });
    expect(existsSync(fileOnDisk(upload.objectPath))).toBe(false);
  });

  it('refuses an upload without Content-Length', async () => {
    const bytes = wavBytes(10);
    const upload = await requestUpload(owner.agent, bytes);
    // Written as a stream, the body goes out chunked, without a length the signature could bind.
    const request = app.request().put(upload.uploadURL).set('Content-Type', 'audio/wav');
    request.write(bytes);
    const res = await request;
    expect(res.status).toBe(411);
    expect(res.body.error).toBe('Content-Length is required');
    expect(existsSync(fileOnDisk(upload.objectPath))).toBe(false);
  });
});

describe('GET /objects/uploads/...', () => {
  let objectPath: string;
  beforeAll(async () => {
    const bytes = wavBytes(20);
    const upload = await requestUpload(owner.agent, bytes);
    await app.request().put(upload.uploadURL).set(upload.headers).send(bytes).expect(200);
    objectPath = upload.objectPath;
  });

  it("answers 404 to another organization's user, and 401 without a session", async () => {
    const stranger = await registerOwner(app);
    const res = await stranger.agent.get(objectPath).expect(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not found', message: 'Not found', code: 'storage.not_found' });
    await app.request().get(objectPath).expect(401);
  });

  it('answers 404 for a path that was never uploaded instead of the admin page', async () => {
    const res = await owner.agent.get(`/objects/uploads/${owner.user.organization_id}/00000000-0000-0000-0000-000000000000-x.wav`).expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('signedReadUrl (for Twilio <Play>)', () => {
  it('reads the object without a session until it expires, and not after tampering', async () => {
    const bytes = wavBytes(30);
    const upload = await requestUpload(owner.agent, bytes, 'hello.wav');
    await app.request().put(upload.uploadURL).set(upload.headers).send(bytes).expect(200);

    const url = await storage.signedReadUrl(upload.objectPath, 300);
    expect(url.startsWith(`${app.config.publicBaseUrl}/api/storage/uploads/`)).toBe(true);
    const res = await app.request().get(pathOf(url)).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(Buffer.from(res.body)).toEqual(bytes);

    await app.request().get(pathOf(url).replace('hello.wav', 'other.wav')).expect(403);
    const uploadUrlAsRead = await app.request().get(upload.uploadURL).expect(403); // a PUT signature does not allow a GET
    expect(uploadUrlAsRead.body.error).toBe('Request signature does not match');
    const expired = await app.request().get(pathOf(await storage.signedReadUrl(upload.objectPath, -1))).expect(403);
    expect(expired.body.error).toBe('Request has expired');
  });
});

describe('claim and the clean-up of unclaimed uploads', () => {
  it('claims only an uploaded object of the same organization', async () => {
    const bytes = wavBytes(10);
    const upload = await requestUpload(owner.agent, bytes);
    const stranger = await registerOwner(app);
    await expect(storage.claim(owner.user.organization_id, upload.objectPath)).rejects.toThrow('The uploaded file was not found: upload it again');
    await app.request().put(upload.uploadURL).set(upload.headers).send(bytes).expect(200);
    await expect(storage.claim(stranger.user.organization_id, upload.objectPath)).rejects.toThrow('The uploaded file was not found');
    await storage.claim(owner.user.organization_id, upload.objectPath);
    const [row] = (await app.db.query('select claimed_at from uploads where object_path = $1', [upload.objectPath])).rows;
    expect(row.claimed_at).toBeInstanceOf(Date);
  });

  it('removes uploads unclaimed for a day, bytes and row, and keeps claimed and recent ones', async () => {
    const { agent, user } = await registerOwner(app);
    const sent = async (name: string) => {
      const bytes = wavBytes(10);
      const upload = await requestUpload(agent, bytes, name);
      await app.request().put(upload.uploadURL).set(upload.headers).send(bytes).expect(200);
      return upload.objectPath;
    };
    const abandoned = await sent('abandoned.wav');
    const neverSent = (await requestUpload(agent, wavBytes(10), 'never-sent.wav')).objectPath;
    const claimed = await sent('claimed.wav');
    const recent = await sent('recent.wav');
    await storage.claim(user.organization_id, claimed);
    const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
    await app.db.query('update uploads set created_at = $2 where object_path = any($1)', [[abandoned, neverSent, claimed], twoDaysAgo]);

    // The hourly task, as the queue's cron runs it (once across instances).
    const task = app.created.app.get(JobRegistry).cronTasks.get('storage.orphan-cleanup');
    expect(task?.cron).toBe('17 * * * *');
    await task!.handle();

    const left = (await uploadRows(user.organization_id)).map((r) => r.object_path).sort();
    expect(left).toEqual([claimed, recent].sort());
    expect(existsSync(fileOnDisk(abandoned))).toBe(false);
    expect(existsSync(fileOnDisk(claimed))).toBe(true);
    expect(existsSync(fileOnDisk(recent))).toBe(true);
    await agent.get(abandoned).expect(404);
    await agent.get(claimed).expect(200);
  });

  it('keeps an upload whose bytes cannot be deleted for the next run, and removes the others', async () => {
    const { agent, user } = await registerOwner(app);
    const stuck = await requestUpload(agent, wavBytes(10), 'stuck.wav');
    await requestUpload(agent, wavBytes(10), 'never-sent.wav');
    // A directory where the file should be: deleting it fails.
    mkdirSync(fileOnDisk(stuck.objectPath), { recursive: true });
    await app.db.query("update uploads set created_at = now() - interval '2 days' where organization_id = $1", [user.organization_id]);

    await storage.removeOrphans();
    expect((await uploadRows(user.organization_id)).map((r) => r.object_path)).toEqual([stuck.objectPath]);

    rmSync(fileOnDisk(stuck.objectPath), { recursive: true });
    await storage.removeOrphans();
    expect(await uploadRows(user.organization_id)).toEqual([]);
  });
});
