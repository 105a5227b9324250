/**
 * Start and restart (issue 34): `npm start` from the command to a healthy app (`GET /api/health` 200),
 * as a newcomer runs it, each run stopped with Ctrl-C (SIGINT to its process group, as a terminal does).
 *
 *   npm run bench:start                   # 3 cold starts, then 3 warm restarts; medians
 *   npm run bench:start -- --runs 5
 *
 * Cold: a fresh DATA_DIR (initdb, every migration, the demo data), the build already current (the
 * bench runs scripts/build-if-changed.mjs once before timing, so a cold start's build check finds
 * nothing to do). Warm: the same DATA_DIR again with unchanged sources (what a restart is). Each run
 * also records how many lines the app printed before it answered, and whether anything after the
 * Ctrl-C matched /warn|error|terminating/i. Writes bench/results/start-<time>.json.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The npm running this bench (npm run bench:start), else the one on the PATH. */
const npm = /npm-cli\.js$/.test(process.env.npm_execpath ?? '')
  ? { command: process.execPath, args: [process.env.npm_execpath!] }
  : { command: 'npm', args: [] as string[] };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Run {
  kind: 'cold' | 'warm';
  healthyMs: number;
  stopMs: number;
  exitCode: number | null;
  linesBeforeHealthy: number;
  warningsAfterCtrlC: string[];
}

const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');
const lines = (text: string) => plain(text).split('\n').filter((line) => line.trim() !== '');

async function once(kind: Run['kind'], dataDir: string, port: number, pgPort: number): Promise<Run> {
  const started = performance.now();
  const child: ChildProcess = spawn(npm.command, [...npm.args, 'start', '--silent'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'development',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${plain(output)}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (res?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const healthyMs = performance.now() - started;
  const linesBeforeHealthy = lines(output).length;
  const before = output.length;
  const stopping = performance.now();
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  process.kill(-child.pid!, 'SIGINT');
  const exitCode = await closed;
  const stopMs = performance.now() - stopping;
  const warningsAfterCtrlC = lines(output.slice(before)).filter((line) => /warn|error|terminating/i.test(line));
  return { kind, healthyMs, stopMs, exitCode, linesBeforeHealthy, warningsAfterCtrlC };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

console.log('Making sure the build is current (scripts/build-if-changed.mjs), untimed:');
execFileSync(process.execPath, [join(root, 'scripts', 'build-if-changed.mjs')], { stdio: 'inherit' });

const loadBefore = loadavg();
const results: Run[] = [];
const parent = mkdtempSync(join(tmpdir(), 'wcrm-bench-start-'));
chmodSync(parent, 0o755); // the embedded server runs as the postgres user when we are root
let dataDir = '';
try {
  const port = await freePort();
  const pgPort = await freePort();
  for (let i = 0; i < runs; i++) {
    dataDir = join(parent, `data-${i}`);
    const run = await once('cold', dataDir, port, pgPort);
    results.push(run);
    console.log(`cold ${i + 1}: healthy after ${s(run.healthyMs)}, stopped in ${s(run.stopMs)} (exit ${run.exitCode}, ${run.linesBeforeHealthy} lines, ${run.warningsAfterCtrlC.length} warnings after Ctrl-C)`);
  }
  for (let i = 0; i < runs; i++) {
    const run = await once('warm', dataDir, port, pgPort);
    results.push(run);
    console.log(`warm ${i + 1}: healthy after ${s(run.healthyMs)}, stopped in ${s(run.stopMs)} (exit ${run.exitCode}, ${run.linesBeforeHealthy} lines, ${run.warningsAfterCtrlC.length} warnings after Ctrl-C)`);
  }
} finally {
  rmSync(parent, { recursive: true, force: true });
}
const loadAfter = loadavg();

const of = (kind: Run['kind']) => results.filter((run) => run.kind === kind);
const summary = {
  date: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
  loadAverage: { before: loadBefore.map((x) => x.toFixed(2)), after: loadAfter.map((x) => x.toFixed(2)) },
  coldMedianMs: Math.round(median(of('cold').map((run) => run.healthyMs))),
  warmMedianMs: Math.round(median(of('warm').map((run) => run.healthyMs))),
  stopMedianMs: Math.round(median(results.map((run) => run.stopMs))),
  runs: results.map((run) => ({ ...run, healthyMs: Math.round(run.healthyMs), stopMs: Math.round(run.stopMs) })),
};
console.log(`\n${summary.machine}, load average ${loadBefore.map((x) => x.toFixed(1)).join(' ')} before, ${loadAfter.map((x) => x.toFixed(1)).join(' ')} after`);
console.log(`cold start to healthy:   median ${s(summary.coldMedianMs)} of ${runs}`);
console.log(`warm restart to healthy: median ${s(summary.warmMedianMs)} of ${runs}`);
console.log(`Ctrl-C to exit:          median ${s(summary.stopMedianMs)}; warnings after Ctrl-C: ${results.reduce((n, run) => n + run.warningsAfterCtrlC.length, 0)}`);
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
const file = join(root, 'bench', 'results', `start-${summary.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(summary, null, 2));
console.log(`written to ${file}`);
