/**
 * Times the ticket list and the dashboard metrics against a running app and writes the figures to
 * bench/results/<timestamp>.json (git-ignored).
 *
 *   BASE_URL=http://127.0.0.1:3000 node --experimental-strip-types bench/measure.ts
 *       [--username bench --password bench-pass-123 --brand IronJack --runs 30]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    username: { type: 'string', default: 'bench' },
    password: { type: 'string', default: 'bench-pass-123' },
    brand: { type: 'string', default: 'IronJack' },
    runs: { type: 'string', default: '30' },
  },
});
const base = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const runs = Number(values.runs);

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: values.username, password: values.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  return { runs: samples.length, median_ms: +median.toFixed(2), p90_ms: +at(0.9).toFixed(2), min_ms: +sorted[0].toFixed(2), max_ms: +sorted.at(-1)!.toFixed(2) };
}

async function time(cookie: string, path: string) {
  const samples: number[] = [];
  let info: Record<string, unknown> = {};
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = await res.json();
    const elapsed = performance.now() - started;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    if (i >= 3) samples.push(elapsed); // the first 3 warm up caches and connections
    info = { status: res.status, rows: Array.isArray(body) ? body.length : undefined, content_range: res.headers.get('content-range') ?? undefined };
  }
  return { path, ...info, ...stats(samples) };
}

async function main(): Promise<void> {
  const cookie = await signIn();
  const brand = encodeURIComponent(values.brand!);
  const results = {
    measured_at: new Date().toISOString(),
    base_url: base,
    list_25: await time(cookie, `/api/tickets?status=Open&brand=${brand}&range=${encodeURIComponent('[0,24]')}`),
    list_plain_capped: await time(cookie, `/api/tickets?status=Open&brand=${brand}`),
    metrics: await time(cookie, '/api/tickets/metrics'),
    trends: await time(cookie, '/api/tickets/metrics/trends'),
  };
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${results.measured_at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  console.log(`written to ${file}`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
