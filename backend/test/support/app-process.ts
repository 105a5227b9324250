import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appDataDir } from './data-dir.js';
import { eventually } from './job-probe.js';

/** The built app (backend/dist/main.js), for tests that kill a real process. */
export const MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'main.js');

export function requireBuild(): void {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build -w backend\` first (npm test does)`);
}

/** Ports handed to the processes tests start: below Linux's ephemeral range (32768-60999). */
const TEST_PORTS = { from: 20_000, to: 32_767 };

/**
 * A port no one listens on, for a process a test starts. Not one the kernel picks for port 0: every
 * client socket and every listen(0) of the other test files (supertest listens on one per request) takes
 * those, so one could take this port before the process listened, and answer its health check in its
 * place (a test once met another file's app there, then a refused connection).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = TEST_PORTS.from + Math.floor(Math.random() * (TEST_PORTS.to - TEST_PORTS.from + 1));
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** The app as its own process on the test's database; `worker` false leaves queued jobs alone. */
export async function startProcess(
  databaseUrl: string,
  port: number,
  worker: boolean,
  env: Record<string, string> = {},
  startTimeoutMs = 30_000,
): Promise<ChildProcess> {
  const dataDir = appDataDir(env, 'wcrm-kill-');
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
      ...dataDir.env,
      SEED_DEMO: '0',
      JOBS_WORKER: String(worker),
      JOBS_POLL_INTERVAL_MS: '200',
      ...env,
    },
    stdio: process.env.APP_PROCESS_LOG ? ['ignore', openSync(process.env.APP_PROCESS_LOG, 'a'), openSync(process.env.APP_PROCESS_LOG, 'a')] : 'ignore',
  });
  running.add(child);
  child.once('exit', () => {
    running.delete(child);
    dataDir.remove();
  });
  try {
    await eventually('the app answers', async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      return res?.status === 200;
    }, startTimeoutMs);
  } catch (error) {
    child.kill('SIGKILL'); // a start that timed out leaves no server behind
    throw error;
  }
  return child;
}

/** Every app process this test worker started and that is still running: none outlives the worker. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** A reply of `callApp`: the status, the session cookie it set (if any) and the JSON body. */
export interface AppReply {
  status: number;
  cookie: string;
  body: { id: string; username: string };
}

/** One JSON request to an app process at `base`, from its own origin, with a session cookie. */
export async function callApp(base: string, cookie: string, method: string, path: string, body?: unknown): Promise<AppReply> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '),
    body: (await res.json().catch(() => null)) as AppReply['body'],
  };
}
