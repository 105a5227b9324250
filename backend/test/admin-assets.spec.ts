import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Issue 26: the admin's source maps (its whole source) were served to anyone, signed in or not. */
let app: TestApp;
const SCRIPT = Buffer.from(`export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, status: 'Open' })))};\n`);
const INDEX = Buffer.from(`<!doctype html><html><head><title>Warranty CRM</title></head><body>${'<div id="root"></div>'.repeat(40)}</body></html>`);

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'wcrm-admin-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Warranty CRM</title>');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map');
  writeFileSync(join(dist, 'assets', 'index-abc.js.map'), '{"version":3,"sourcesContent":["secret source"]}');
  // as the build writes them (admin/vite.config.ts, precompress): a hashed chunk and index.html with
  // their brotli and gzip copies, and a hashed chunk without copies
  for (const [name, bytes] of [
    ['assets/index-B1x_9aZq.js', SCRIPT],
    ['index.html', INDEX],
  ] as const) {
    writeFileSync(join(dist, name), bytes);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(bytes));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(bytes));
  }
  writeFileSync(join(dist, 'assets', 'logo-C2y_0bZr.png'), Buffer.from('not really a png'));
  app = await startTestApp({ ADMIN_DIST_DIR: dist });
});
afterAll(async () => app.close());

describe('the built admin', () => {
  it('serves its scripts and the SPA fallback', async () => {
    expect((await app.request().get('/assets/index-abc.js').expect(200)).text).toContain('console.log(1)');
    expect((await app.request().get('/settings').expect(200)).text).toContain('Warranty CRM');
  });

  it.each(['/assets/index-abc.js.map', '/assets/missing.js.map', '/index.html.map'])('does not serve %s, present or not, nor the SPA page for it', async (path) => {
    const res = await app.request().get(path).expect(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not found', message: 'Not found' });
    expect(res.text).not.toContain('secret source');
  });
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** GET over plain node:http: the body's bytes as sent, left encoded (supertest would decode them). */
async function rawGet(path: string, acceptEncoding: string, status = 200): Promise<RawResponse> {
  const server = app.created.app.getHttpServer() as Server;
  if (!server.listening) await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const res = await new Promise<RawResponse>((done, fail) => {
    const req = httpGet({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', fail);
    });
    req.on('error', fail);
  });
  expect(res.status).toBe(status);
  return res;
}

describe('precompressed and cached (issue 32)', () => {
  it.each([
    ['/assets/index-B1x_9aZq.js', SCRIPT, /^(text|application)\/javascript/],
    ['/index.html', INDEX, /^text\/html/],
    ['/tickets', INDEX, /^text\/html/],
  ])('%s: brotli when accepted, else gzip, else the file, each decoding to the same bytes', async (path, bytes, type) => {
    const br = await rawGet(path, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(type);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(bytes.length);
    expect(brotliDecompressSync(br.body).equals(bytes)).toBe(true);

    const gz = await rawGet(path, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(type);
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(gz.body).equals(bytes)).toBe(true);

    for (const refused of ['identity', 'br;q=0, gzip;q=0', '']) {
      const raw = await rawGet(path, refused);
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.headers['content-type']).toMatch(type);
      expect(raw.headers.vary).toMatch(/Accept-Encoding/i);
      expect(raw.body.equals(bytes)).toBe(true);
    }
  });

  it('caches hashed files for a year as immutable, in every encoding; index.html is revalidated on every load', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      expect((await rawGet('/assets/index-B1x_9aZq.js', encoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await rawGet('/index.html', encoding)).headers['cache-control']).toBe('no-cache');
      expect((await rawGet('/settings', encoding)).headers['cache-control']).toBe('no-cache');
    }
    const png = await rawGet('/assets/logo-C2y_0bZr.png', 'br');
    expect(png.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(png.headers['content-encoding']).toBeUndefined();
    // a hashed file without compressed copies: the file itself
    const plain = await rawGet('/assets/index-abc.js', 'br, gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('console.log(1)');
  });

  it('does not serve the compressed copies of a source map, nor a file outside the build', async () => {
    writeFileSync(join(app.config.adminDistDir, 'assets', 'index-abc.js.map.br'), brotliCompressSync(Buffer.from('secret source')));
    expect((await rawGet('/assets/index-abc.js.map', 'br', 404)).body.toString()).not.toContain('secret');
    // ../ out of the build: the SPA page, never the file
    const outside = join(app.config.adminDistDir, '..', `outside-${process.pid}.js`);
    writeFileSync(`${outside}.br`, brotliCompressSync(Buffer.from('outside')));
    try {
      const traversal = await rawGet(`/assets/..%2f..%2foutside-${process.pid}.js`, 'br');
      expect(brotliDecompressSync(traversal.body).equals(INDEX)).toBe(true);
    } finally {
      rmSync(`${outside}.br`);
    }
  });
});
