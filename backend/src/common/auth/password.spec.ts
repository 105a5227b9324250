import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hashPassword, verifyPassword } from './password.js';

const BUILT = fileURLToPath(new URL('../../../dist/common/auth/password.js', import.meta.url));

describe('password hashes', () => {
  it('outside tests are scrypt with N=2^15, r=8, p=1, and verify (a stored hash carries its own cost)', () => {
    if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run \`npm run build -w backend\` first (npm test does)`);
    const script = `import(${JSON.stringify(BUILT)}).then(async (m) => { const h = await m.hashPassword('s3cret!'); console.log(JSON.stringify({ h, ok: await m.verifyPassword('s3cret!', h), bad: await m.verifyPassword('other', h) })); })`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '' } }).toString());
    expect(out.h).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(out).toMatchObject({ ok: true, bad: false });
  });

  it('made under tests (cheaper) verify the same way, and a production-cost hash verifies here too', async () => {
    const cheap = await hashPassword('s3cret!');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('s3cret!', cheap)).toBe(true);
    expect(await verifyPassword('s3cret?', cheap)).toBe(false);
    const script = `import(${JSON.stringify(BUILT)}).then(async (m) => console.log(await m.hashPassword('s3cret!')))`;
    const strong = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: '' } }).toString().trim();
    expect(await verifyPassword('s3cret!', strong)).toBe(true);
    expect(await verifyPassword('nope', strong)).toBe(false);
  });
});
