import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, MAIN, requireBuild } from './support/app-process.js';
import { eventually } from './support/job-probe.js';

/**
 * Issue 34, "start and stop": the built app as `npm start` runs it (development, the embedded
 * PostgreSQL under DATA_DIR, the demo data, the job worker) in a process group of its own, as a
 * terminal runs a command. Ctrl-C signals the whole group; the app stops without a warning and exits
 * 0, and its log is a few lines that end with where to sign in (and, on the first start, as whom).
 */

/** A line of the app's output; Nest colours its lines even into a pipe. */
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

interface Started {
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr, in order). */
  output: () => string;
  /** The lines printed before the app answered its health check. */
  startupLines: string[];
}

let root: string;
let dataDir: string;
let port: number;
let pgPort: number;

beforeAll(async () => {
  requireBuild();
  root = mkdtempSync(join(tmpdir(), 'wcrm-start-stop-'));
  chmodSync(root, 0o755); // the embedded server runs as the postgres user, which must reach its folder
  dataDir = join(root, 'data');
  port = await freePort();
  pgPort = await freePort();
});

/** Apps a test started; one a failed test left running is stopped after it. */
const live = new Set<ChildProcess>();

afterEach(async () => {
  for (const child of live) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  }
  live.clear();
  // A PostgreSQL left running (its pid is the first line of its pid file).
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (existsSync(pidFile)) {
    try {
      process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT');
    } catch {
      // already gone
    }
  }
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

async function start(): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (/^(PORT|HOST|PUBLIC_BASE_URL|APP_SECRET|SEED_DEMO|JOBS_|DB_|WEB_CONCURRENCY)/.test(name)) delete env[name];
  const child = spawn(process.execPath, [MAIN], {
    // Its own process group, as a terminal's foreground job: process.kill(-pid) is Ctrl-C.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      NODE_OPTIONS: '',
      NODE_ENV: 'development',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      PORT: String(port),
      HOST: '127.0.0.1',
    },
  });
  live.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += plain(chunk.toString('utf8'))));
  child.stderr!.on('data', (chunk: Buffer) => (output += plain(chunk.toString('utf8'))));
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited (${child.exitCode}) before answering:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The app did not answer /api/health within 240 s:\n${output}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (res?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The sign-in lines are printed (in one write) right after listen(), by the first HTTP process once it
  // has seeded the demo organization; the second may answer /api/health before that, so the wait is long
  // (a bound, not a timing: seconds on a machine the other test files keep busy).
  await eventually('the app prints where to sign in', () => output.includes('Sign in at'), 60_000);
  return { child, output: () => output, startupLines: lines(output) };
}

function lines(text: string): string[] {
  return text.split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== '');
}

/** Sends `signal` (to the whole process group with `group`) and resolves with the exit code and what was printed after it. */
async function stop(started: Started, signal: NodeJS.Signals, group: boolean): Promise<{ code: number | null; signal: string | null; after: string[] }> {
  const before = started.output().length;
  const exited = new Promise<[number | null, string | null]>((resolve) => started.child.once('exit', (code, sig) => resolve([code, sig])));
  // Output still in the pipes when the process exits arrives before 'close'.
  const closed = new Promise((resolve) => started.child.once('close', resolve));
  if (group) process.kill(-started.child.pid!, signal);
  else started.child.kill(signal);
  const [code, sig] = await exited;
  await closed;
  return { code, signal: sig, after: lines(started.output().slice(before)) };
}

describe('npm start: the log and Ctrl-C (issue 34)', () => {
  it('first start: a short log ending with the sign-in URL and the demo credentials, which sign in; Ctrl-C stops without a warning', async () => {
    const started = await start();
    const log = started.startupLines;
    expect(log.length).toBeLessThan(15);
    expect(log.join('\n')).not.toMatch(/RouterExplorer|RoutesResolver|InstanceLoader|Mapped \{|\[migrator\]/);
    expect(log.at(-3)).toBe(`  Sign in at http://localhost:${port}`);
    expect(log.at(-2)).toMatch(/^ {4}username: \S+$/);
    expect(log.at(-1)).toMatch(/^ {4}password: \S+$/);
    const username = log.at(-2)!.split(': ')[1];
    const password = log.at(-1)!.split(': ')[1];

    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ username, password }),
    });
    expect(login.status).toBe(200);

    const stopped = await stop(started, 'SIGINT', true);
    expect(stopped.after.filter((line) => /warn|error|terminating/i.test(line))).toEqual([]);
    expect(stopped).toMatchObject({ code: 0, signal: null });
    // PostgreSQL shut down cleanly (it removes its pid file) rather than being left running.
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 300_000);

  it('restart on the same data: the log ends with the sign-in URL alone; SIGTERM stops without a warning', async () => {
    const started = await start();
    const log = started.startupLines;
    expect(log.length).toBeLessThan(8);
    expect(log.at(-1)).toBe(`  Sign in at http://localhost:${port}`);
    expect(log.join('\n')).not.toMatch(/password/);

    const stopped = await stop(started, 'SIGTERM', false);
    expect(stopped.after.filter((line) => /warn|error|terminating/i.test(line))).toEqual([]);
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 300_000);
});
