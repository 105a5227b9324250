import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCREEN_PAGES_FILE } from '@warranty-crm/contract';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Issue 26: the admin's source maps (its whole source) were served to anyone, signed in or not. */
let app: TestApp;
const SCRIPT = Buffer.from(`export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, status: 'Open' })))};\n`);
const INDEX = Buffer.from(`<!doctype html><html><head><title>Warranty CRM</title></head><body>${'<div id="root"></div>'.repeat(40)}</body></html>`);

/** A file of the build with its brotli and gzip copies, as the build writes them (admin/vite.config.ts, precompress). */
function writeWithCopies(dist: string, name: string, bytes: Buffer): void {
  writeFileSync(join(dist, name), bytes);
  writeFileSync(join(dist, `${name}.br`), brotliCompressSync(bytes));
  writeFileSync(join(dist, `${name}.gz`), gzipSync(bytes));
}

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'wcrm-admin-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Warranty CRM</title>');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map');
  writeFileSync(join(dist, 'assets', 'index-abc.js.map'), '{"version":3,"sourcesContent":["secret source"]}');
  // a hashed chunk and index.html with their copies, and a hashed chunk without copies
  writeWithCopies(dist, 'assets/index-B1x_9aZq.js', SCRIPT);
  writeWithCopies(dist, 'index.html', INDEX);
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
async function rawGet(path: string, acceptEncoding: string, status = 200, cookie?: string): Promise<RawResponse> {
  const server = app.created.app.getHttpServer() as Server;
  if (!server.listening) await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const res = await new Promise<RawResponse>((done, fail) => {
    const headers: Record<string, string> = { 'accept-encoding': acceptEncoding, ...(cookie ? { cookie } : {}) };
    const req = httpGet({ host: '127.0.0.1', port, path, headers }, (response) => {
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

describe("each screen's page (issue 32)", () => {
  // as the build writes them (admin/build/screen-preloads.ts): index.html with the screen's chunks
  // preloaded, per screen, and the paths that get each
  const withPreload = (file: string) => Buffer.from(INDEX.toString().replace('</head>', `<link rel="preload" as="script" crossorigin href="/assets/${file}"></head>`));
  const LIST_PAGE = withPreload('TicketList-B1x_9aZq.js');
  const DETAIL_PAGE = withPreload('TicketDetail-C1x_9aZq.js');
  const AUTH_PAGE = withPreload('AuthPage-E1x_9aZq.js');
  const writePages = (lines: unknown, mtime: number) => {
    const file = join(app.config.adminDistDir, SCREEN_PAGES_FILE);
    writeFileSync(file, typeof lines === 'string' ? lines : JSON.stringify(lines));
    utimesSync(file, mtime, mtime);
  };
  /** A browser with a session cookie (its value is not looked up) and other cookies around it. */
  const signedIn = () => `theme=dark; ${app.config.session.cookieName}=s%3Aanything; other=1`;
  /** The page sent for a path, decoded. */
  const pageOf = async (path: string, cookie?: string, encoding = 'br') => {
    const res = await rawGet(path, encoding, 200, cookie);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    return encoding === 'br' ? brotliDecompressSync(res.body) : encoding === 'gzip' ? gunzipSync(res.body) : res.body;
  };

  beforeAll(() => {
    const dist = app.config.adminDistDir;
    mkdirSync(join(dist, 'screens'));
    mkdirSync(join(dist, '.vite'));
    writeWithCopies(dist, 'screens/TicketList-B1x_9aZq.html', LIST_PAGE);
    writeWithCopies(dist, 'screens/TicketDetail-C1x_9aZq.html', DETAIL_PAGE);
    writeWithCopies(dist, 'screens/AuthPage-E1x_9aZq.html', AUTH_PAGE);
    writeFileSync(join(dist, '..', `outside-${process.pid}.html`), 'outside');
    writePages(
      [
        { path: '^/tickets/?$', page: 'screens/TicketList-B1x_9aZq.html', signedIn: true },
        { path: '^/tickets/[^/]+/?$', page: 'screens/TicketDetail-C1x_9aZq.html', signedIn: true },
        { path: '^/auth/?$', page: 'screens/AuthPage-E1x_9aZq.html', signedIn: false },
        { path: '^/gone/?$', page: 'screens/Gone-D1x_9aZq.html', signedIn: true },
        { path: '^/outside/?$', page: `../outside-${process.pid}.html`, signedIn: true },
      ],
      1_000_000,
    );
  });
  afterAll(() => rmSync(join(app.config.adminDistDir, '..', `outside-${process.pid}.html`)));

  it("sends a screen's path its page, in every encoding, revalidated on every load", async () => {
    for (const [path, page] of [
      ['/tickets', LIST_PAGE],
      ['/tickets/', LIST_PAGE],
      ['/tickets/6c1f0d3e-0d7e-4c55-a7b4-0e6f0c7a9d21', DETAIL_PAGE],
    ] as const) {
      for (const encoding of ['br', 'gzip', 'identity']) expect((await pageOf(path, signedIn(), encoding)).equals(page)).toBe(true);
    }
    expect((await pageOf('/auth')).equals(AUTH_PAGE)).toBe(true);
  });

  it("sends a signed-in screen's page only with the session cookie, and the sign-in screen's only without it", async () => {
    expect((await pageOf('/tickets')).equals(INDEX)).toBe(true);
    expect((await pageOf('/tickets', 'theme=dark; other=1')).equals(INDEX)).toBe(true);
    expect((await pageOf('/tickets', `x${app.config.session.cookieName}=1`)).equals(INDEX)).toBe(true);
    expect((await pageOf('/auth', signedIn())).equals(INDEX)).toBe(true);
  });

  it('sends index.html to any other path, to a page the build did not write and to one outside the build', async () => {
    for (const path of ['/settings', '/', '/tickets/1/edit', '/ticketsx', '/gone', '/outside']) {
      expect((await pageOf(path, signedIn())).equals(INDEX)).toBe(true);
    }
  });

  it('reads the pages again when the build writes them anew, and sends index.html while they cannot be read', async () => {
    writePages([{ path: '^/settings/?$', page: 'screens/TicketDetail-C1x_9aZq.html', signedIn: true }], 2_000_000);
    expect((await pageOf('/settings', signedIn())).equals(DETAIL_PAGE)).toBe(true);
    expect((await pageOf('/tickets', signedIn())).equals(INDEX)).toBe(true);
    writePages('[{"path": "^/tickets/?$", "page": "scr', 3_000_000);
    expect((await pageOf('/tickets', signedIn())).equals(INDEX)).toBe(true);
    expect((await pageOf('/settings', signedIn())).equals(INDEX)).toBe(true);
  });
});
