#!/usr/bin/env node
/**
 * `npm start`'s build (issue 34): builds each workspace whose inputs changed since this script last
 * built it, in dependency order, and skips the others, so a restart with unchanged sources starts
 * the app at once. `npm run build` stays the full build.
 *
 * A workspace's inputs are its sources and build configuration, the root tsconfig and the lockfile
 * (an `npm install` can change the compiler or a bundled library), and the inputs of the workspaces
 * it builds on. Their SHA-256 (paths and contents: a deleted or renamed file counts) is written to
 * `<dist>/.build-inputs` after a successful build; a missing stamp or output builds again. The stamp
 * is removed before a build starts, so a failed or interrupted build is never taken as current.
 *
 *   node scripts/build-if-changed.mjs            build what changed
 *   node scripts/build-if-changed.mjs --check    exit 1 (and name them) when some workspace would build
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository (BUILD_IF_CHANGED_ROOT: another tree of the same shape, for the script's test). */
const ROOT = process.env.BUILD_IF_CHANGED_ROOT || join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-inputs';

/** Workspaces in build order; `after`: the ones whose inputs are also this one's. */
export const WORKSPACES = [
  {
    name: 'contract',
    dir: 'packages/contract',
    inputs: ['src', 'package.json', 'tsconfig.json'],
    output: 'dist/index.js',
    after: [],
  },
  {
    // The admin bundles the contract from its TypeScript source (vite.config.ts's alias).
    name: 'admin',
    dir: 'admin',
    inputs: ['src', 'public', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts'],
    output: 'dist/index.html',
    after: ['contract'],
  },
  {
    // The backend imports the contract's build at run time.
    name: 'backend',
    dir: 'backend',
    inputs: ['src', 'package.json', 'build.mjs', 'swc-options.js'],
    output: 'dist/main.js',
    after: ['contract'],
  },
];

/** Tests never reach a build's output. */
const NOT_AN_INPUT = /\.(spec|test)\.[cm]?[jt]sx?$/;
const SHARED_INPUTS = ['tsconfig.json', 'package-lock.json'];

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && !NOT_AN_INPUT.test(entry.name))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

function hashFiles(hash, paths) {
  for (const file of paths.flatMap(filesUnder).sort()) {
    hash.update(relative(ROOT, file).split(sep).join('/')).update('\0').update(readFileSync(file)).update('\0');
  }
}

/** Each workspace's key: the hash of its own inputs, the shared ones and those of the workspaces it builds on. */
export function inputKeys() {
  const own = new Map(
    WORKSPACES.map((ws) => {
      const hash = createHash('sha256');
      hashFiles(hash, ws.inputs.map((input) => join(ROOT, ws.dir, input)));
      return [ws.name, hash.digest('hex')];
    }),
  );
  const shared = createHash('sha256');
  hashFiles(shared, SHARED_INPUTS.map((input) => join(ROOT, input)));
  const sharedKey = shared.digest('hex');
  return new Map(
    WORKSPACES.map((ws) => {
      const hash = createHash('sha256').update(sharedKey).update(own.get(ws.name));
      for (const dep of ws.after) hash.update(own.get(dep));
      return [ws.name, hash.digest('hex')];
    }),
  );
}

const stampOf = (ws) => join(ROOT, ws.dir, 'dist', STAMP);

/** The workspaces whose output is missing or was built from other inputs. */
export function staleWorkspaces(keys = inputKeys()) {
  return WORKSPACES.filter((ws) => {
    if (!existsSync(join(ROOT, ws.dir, ws.output))) return true;
    const stamp = stampOf(ws);
    return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== keys.get(ws.name);
  });
}

/** The npm that runs this script (`npm start`), else the one on the PATH. */
const npm = /npm-cli\.js$/.test(process.env.npm_execpath ?? '')
  ? { command: process.execPath, args: [process.env.npm_execpath], shell: false }
  : { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', args: [], shell: process.platform === 'win32' };

function main() {
  const started = performance.now();
  const keys = inputKeys();
  const stale = staleWorkspaces(keys);
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (process.argv.includes('--check')) {
    if (stale.length) console.log(`Would build: ${stale.map((ws) => ws.name).join(', ')}`);
    process.exit(stale.length ? 1 : 0);
  }
  if (!stale.length) {
    console.log(`Build: ${WORKSPACES.map((ws) => ws.name).join(', ')} unchanged since their last build (checked in ${seconds()})`);
    return;
  }
  for (const ws of stale) {
    console.log(`Build: ${ws.name} changed, building it`);
    rmSync(stampOf(ws), { force: true });
    const run = spawnSync(npm.command, [...npm.args, 'run', 'build', '--silent', '-w', ws.dir], { cwd: ROOT, stdio: 'inherit', shell: npm.shell });
    if (run.status !== 0) {
      console.error(`Build: ${ws.name} failed (${run.signal ?? `exit code ${run.status}`})`);
      process.exit(run.status || 1);
    }
    mkdirSync(dirname(stampOf(ws)), { recursive: true });
    writeFileSync(stampOf(ws), `${keys.get(ws.name)}\n`);
  }
  console.log(`Build: ${stale.map((ws) => ws.name).join(', ')} built in ${seconds()}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
