/**
 * CSV export (issue 30) at scale: the ticket list exported to CSV by the app's export job, its
 * throughput and the app's memory while it runs, against a running app (production mode) seeded
 * with bench/seed-tickets.ts.
 *
 *   BASE_URL=http://127.0.0.1:3999 APP_PID=<pid of the app's node process> \
 *     node --experimental-strip-types bench/export.ts [--username bench --password bench-pass-123] [--filter '{"status":"Open"}']
 *
 * Signs in, starts `POST /api/exports` (kind tickets, the given list filter, all tickets by default),
 * polls `GET /api/exports/{id}` every 250 ms until it is ready, samples the app's resident memory
 * (VmRSS of APP_PID, from /proc) every 100 ms meanwhile, downloads the file and counts its lines.
 * Prints rows, seconds, rows/s, MB/s, the file's size, and RSS before / peak / after.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { httpClient } from './http-client.ts';

const { values } = parseArgs({
  options: {
    username: { type: 'string', default: 'bench' },
    password: { type: 'string', default: 'bench-pass-123' },
    filter: { type: 'string', default: '{}' },
  },
});
const base = new URL((process.env.BASE_URL ?? 'http://127.0.0.1:3999').replace(/\/+$/, ''));
const pid = Number(process.env.APP_PID);
if (!Number.isInteger(pid) || pid <= 0) throw new Error('Set APP_PID to the app process id (its memory is sampled)');

function rssMb(): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : NaN;
}

const client = httpClient(base, 4);
const cookie = await client.signIn(values.username!, values.password!);
const headers = { cookie, 'content-type': 'application/json', origin: base.origin };

const before = rssMb();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMb());
}, 100);

const started = Date.now();
const created = await client.request(new URL('/api/exports', base), {
  method: 'POST',
  headers,
  body: JSON.stringify({ kind: 'tickets', filter: JSON.parse(values.filter!) }),
});
if (created.status !== 202) throw new Error(`export refused: ${created.status} ${created.body}`);
const { id } = JSON.parse(created.body) as { id: string };
let state: { status: string; rows_done: number; total_rows: number | null; file_size: number | null; download_url: string | null; error: string | null };
for (;;) {
  const res = await client.request(new URL(`/api/exports/${id}`, base), { headers });
  state = JSON.parse(res.body);
  if (state.status === 'ready' || state.status === 'failed') break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const seconds = (Date.now() - started) / 1000;
clearInterval(sampler);
const after = rssMb();
if (state.status !== 'ready') throw new Error(`export failed: ${state.error}`);

const file = await client.request(new URL(state.download_url!, base), { headers });
client.destroy();
const lines = file.body.split('\n').filter((l) => l.length > 0).length;

const mb = (state.file_size ?? 0) / 1024 / 1024;
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`| rows | seconds | rows/s | file MB | MB/s | app RSS before | peak | after | lines in the file |`);
console.log(`|---|---|---|---|---|---|---|---|---|`);
console.log(
  `| ${state.rows_done.toLocaleString('en-US')} | ${seconds.toFixed(1)} | ${Math.round(state.rows_done / seconds).toLocaleString('en-US')} | ${mb.toFixed(1)} | ${(mb / seconds).toFixed(1)} | ${before.toFixed(0)} MB | ${peak.toFixed(0)} MB | ${after.toFixed(0)} MB | ${lines.toLocaleString('en-US')} |`,
);
