/**
 * The soak: the signed-in load of bench/load.ts (lists, details, creates with their e-mails,
 * notifications) for `--minutes` (default 10) against a running app, while this script samples the
 * app's RSS (its main process and its node workers together) every `--every` seconds (default 10) from
 * /proc, from the start of the timed load (after the load's setup). After the warm-up (`--warmup` seconds,
 * default 120: the JIT, the pools, the prepared statements and the caches fill up) the RSS must
 * stay flat: every later sample within `--tolerance` (default 20 %) of the first sample after the
 * warm-up. Prints the series and the verdict, writes bench/results/soak-<timestamp>.json
 * (git-ignored) and exits 1 when the RSS grew past the tolerance (a leak is a defect).
 *
 *   BASE_URL=http://127.0.0.1:3999 DATABASE_URL=postgres://... \
 *     node --experimental-strip-types bench/soak.ts [--minutes 10 --sessions 200 --warmup 120 --every 10 --tolerance 0.2 --pid N]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LOAD_STARTS } from './load-marker.ts';
import { appMainPid, appRssMb } from './proc-cpu.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    sessions: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '120' },
    every: { type: 'string', default: '10' },
    tolerance: { type: 'string', default: '0.2' },
    pid: { type: 'string' },
  },
});
const SECONDS = Math.round(Number(values.minutes) * 60);
const WARMUP = Number(values.warmup);
const EVERY = Number(values.every);
const TOLERANCE = Number(values.tolerance);
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to the database of the app at BASE_URL');
if (WARMUP >= SECONDS) throw new Error('--warmup must be shorter than the soak');

const here = dirname(fileURLToPath(import.meta.url));

function appPid(): number {
  return values.pid ? Number(values.pid) : appMainPid();
}

/** The verdict on a series of RSS samples: flat when every sample after the warm-up stays within the tolerance of the first. */
export function verdict(series: { t: number; mb: number }[], warmup: number, tolerance: number) {
  const after = series.filter((s) => s.t >= warmup);
  const baseline = after[0]?.mb ?? 0;
  const max = Math.max(...after.map((s) => s.mb));
  const last = after.at(-1)?.mb ?? 0;
  const growth = baseline ? (max - baseline) / baseline : 0;
  return { baseline_mb: baseline, max_mb: max, last_mb: last, growth: Math.round(growth * 1000) / 1000, flat: after.length > 1 && growth <= tolerance };
}

async function main(): Promise<void> {
  const pid = appPid();
  console.log(`Soak: ${values.sessions} sessions for ${SECONDS} s against pid ${pid}; RSS every ${EVERY} s, warm-up ${WARMUP} s, tolerance ${TOLERANCE * 100} %`);
  console.log(`before the load's setup: RSS ${appRssMb(pid)} MB`); // (and the pid is the app's)
  const load = spawn(process.execPath, ['--experimental-strip-types', join(here, 'load.ts'), '--sessions', String(values.sessions), '--seconds', String(SECONDS), '--drain', '0', '--pid', String(pid)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  let loadOutput = '';
  load.stdout.on('data', (chunk: Buffer) => (loadOutput += chunk.toString()));
  const loadDone = new Promise<number>((resolve) => load.on('exit', (code) => resolve(code ?? 1)));
  // The load first makes its organization, signs its sessions in and waits for the setup's jobs
  // (up to a few minutes on a busy machine): the clock starts when it says the timed load begins.
  const begun = new Promise<void>((resolve) => {
    let errors = '';
    load.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      errors += chunk.toString();
      if (errors.includes(LOAD_STARTS)) resolve();
    });
    void loadDone.then(() => resolve());
  });
  await begun;

  const series: { t: number; mb: number }[] = [];
  const started = performance.now();
  const sample = () => {
    const s = { t: Math.round((performance.now() - started) / 1000), mb: appRssMb(pid) };
    series.push(s);
    console.log(`t=${String(s.t).padStart(4)} s  RSS ${s.mb} MB`);
  };
  sample();
  const timer = setInterval(sample, EVERY * 1000);
  const code = await loadDone;
  clearInterval(timer);
  sample();
  if (code !== 0) throw new Error(`The load exited with ${code}`);

  const load_result = JSON.parse(loadOutput.slice(loadOutput.indexOf('{')));
  const result = {
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg() },
    seconds: SECONDS, sessions: Number(values.sessions), warmup_seconds: WARMUP, every_seconds: EVERY, tolerance: TOLERANCE,
    verdict: verdict(series, WARMUP, TOLERANCE),
    load: { total: load_result.total, per_operation: load_result.per_operation, queue: load_result.queue },
    rss_series_mb: series,
  };
  console.log(JSON.stringify({ ...result, rss_series_mb: undefined }, null, 2));
  const v = result.verdict;
  console.log(`${v.flat ? 'FLAT' : 'GREW'}: RSS ${v.baseline_mb} MB after the warm-up, at most ${v.max_mb} MB later (${(v.growth * 100).toFixed(1)} %, tolerance ${TOLERANCE * 100} %), ${v.last_mb} MB at the end`);
  const dir = join(here, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `soak-${result.at.replace(/[:.]/g, '-')}.json`), JSON.stringify(result, null, 2));
  if (!v.flat) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
