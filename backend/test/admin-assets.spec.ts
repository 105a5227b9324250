import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Issue 26: the admin's source maps (its whole source) were served to anyone, signed in or not. */
let app: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'wcrm-admin-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Warranty CRM</title>');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map');
  writeFileSync(join(dist, 'assets', 'index-abc.js.map'), '{"version":3,"sourcesContent":["secret source"]}');
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
