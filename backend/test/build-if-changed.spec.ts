import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Issue 34: `npm start` builds only the workspaces whose inputs changed (scripts/build-if-changed.mjs).
 * The script runs on a small tree of the repository's shape whose builds record that they ran.
 */
const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'build-if-changed.mjs');

let root: string;

/** Each workspace's build writes its output and appends its name to builds.log (or fails when FAIL names it). */
const BUILD = `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
const [name, output] = process.argv.slice(2);
if (process.env.FAIL === name) process.exit(3);
mkdirSync('dist', { recursive: true });
writeFileSync(output, 'built');
appendFileSync('../builds.log', name + '\\n');
`;

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

function workspace(dir: string, name: string, output: string, files: Record<string, string>): void {
  const up = dir.split('/').map(() => '..').join('/');
  write(`${dir}/package.json`, JSON.stringify({ name: `@t/${name}`, private: true, scripts: { build: `node build.mjs ${name} ${output}` } }));
  write(`${dir}/build.mjs`, BUILD.replace("'../builds.log'", `'${up}/builds.log'`));
  for (const [path, text] of Object.entries(files)) write(`${dir}/${path}`, text);
}

/** Runs the script on the tree; returns the workspaces it built, in order, and its exit code. */
function run(env: Record<string, string> = {}, args: string[] = []): { built: string[]; status: number | null; stdout: string } {
  rmSync(join(root, 'builds.log'), { force: true });
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '', BUILD_IF_CHANGED_ROOT: root, ...env };
  delete childEnv.npm_execpath;
  const result = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: root, env: childEnv, encoding: 'utf8' });
  let log = '';
  try {
    log = readFileSync(join(root, 'builds.log'), 'utf8');
  } catch {
    // nothing was built
  }
  return { built: log.split('\n').filter(Boolean), status: result.status, stdout: result.stdout + result.stderr };
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'wcrm-build-if-changed-'));
  write('package.json', JSON.stringify({ name: 't', private: true, workspaces: ['packages/contract', 'admin', 'backend'] }));
  write('package-lock.json', '{"lockfileVersion": 3}');
  write('tsconfig.json', '{}');
  workspace('packages/contract', 'contract', 'dist/index.js', { 'src/index.ts': 'export const A = 1;', 'tsconfig.json': '{}' });
  workspace('admin', 'admin', 'dist/index.html', { 'src/app.tsx': 'export {};', 'src/app.test.tsx': 'test', 'index.html': '<html>', 'vite.config.ts': '' });
  workspace('backend', 'backend', 'dist/main.js', { 'src/main.ts': 'export {};', 'src/main.spec.ts': 'test', 'swc-options.js': 'export {};' });
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('scripts/build-if-changed.mjs (npm start)', () => {
  it('builds everything the first time, then nothing while the inputs stay the same', () => {
    expect(run().built).toEqual(['contract', 'admin', 'backend']);
    const again = run();
    expect(again).toMatchObject({ built: [], status: 0 });
    expect(again.stdout).toMatch(/unchanged/);
    expect(run({}, ['--check']).status).toBe(0);
  }, 120_000);

  it('builds only what changed, and what builds on a changed contract', () => {
    write('admin/src/app.tsx', 'export const changed = true;');
    expect(run({}, ['--check'])).toMatchObject({ status: 1, built: [] });
    expect(run().built).toEqual(['admin']);

    write('backend/src/new-module.ts', 'export {};');
    expect(run().built).toEqual(['backend']);
    rmSync(join(root, 'backend/src/new-module.ts'));
    expect(run().built).toEqual(['backend']);

    write('packages/contract/src/index.ts', 'export const A = 2;');
    expect(run().built).toEqual(['contract', 'admin', 'backend']);

    write('package-lock.json', '{"lockfileVersion": 3, "packages": {}}');
    expect(run().built).toEqual(['contract', 'admin', 'backend']);
    expect(run().built).toEqual([]);
  }, 120_000);

  it('ignores tests, and rebuilds a workspace whose output is gone', () => {
    write('admin/src/app.test.tsx', 'another test');
    write('backend/src/main.spec.ts', 'another test');
    expect(run().built).toEqual([]);

    rmSync(join(root, 'backend/dist/main.js'));
    expect(run().built).toEqual(['backend']);
  }, 120_000);

  it('fails with the build, and builds again next time', () => {
    write('backend/src/main.ts', 'export const broken = true;');
    const failed = run({ FAIL: 'backend' });
    expect(failed.status).not.toBe(0);
    expect(failed.stdout).toMatch(/backend failed/);
    expect(run().built).toEqual(['backend']);
  }, 120_000);
});
