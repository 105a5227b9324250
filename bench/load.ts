/**
 * Signed-in load and the queue behind it: `--sessions` signed-in sessions (default 200) of a
 * 20-user organization, each one request after another for `--seconds` (default 60): ticket list
 * pages as the list asks for them (`view=row`) 60 %, ticket details 20 %, ticket creates 10 %, notification lists 10 %. Every user has a
 * notification e-mail and the organization's SMTP is a capturing SMTP server in this process, so each
 * create fans out to real deliveries. Measures per operation: requests/s, p50/p99, errors; the
 * queue's backlog (jobs waiting for a worker) at the end of the load and `--drain` seconds after it
 * (default 60); the app's RSS every second (its main process and its node workers, from /proc; the main
 * process is `--pid` or found by its command line); the CPU
 * time over the timed load of the app (its process and its children, e.g. `WEB_CONCURRENCY`'s workers),
 * of PostgreSQL, of this process (the sessions and the SMTP server) and of the whole machine.
 * A soak is the same with `--seconds 600`: the RSS after the first minute against the end.
 * Writes bench/results/load-<timestamp>.json (git-ignored).
 *
 *   BASE_URL=http://127.0.0.1:3999 DATABASE_URL=postgres://... \
 *     node --experimental-strip-types bench/load.ts [--sessions 200 --seconds 60 --drain 60 --pid N]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { httpClient } from './http-client.ts';
import { LOAD_STARTS } from './load-marker.ts';
import { appMainPid, appRssMb, inTree, machineTicks, processes, TICK_MS } from './proc-cpu.ts';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    drain: { type: 'string', default: '60' },
    users: { type: 'string', default: '20' },
    pid: { type: 'string' },
  },
});
const base = new URL(process.env.BASE_URL ?? 'http://127.0.0.1:3999');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the database of the app at BASE_URL');
const SESSIONS = Number(values.sessions);
const SECONDS = Number(values.seconds);
const DRAIN = Number(values.drain);
const USERS = Number(values.users);

const OPERATIONS = [
  { name: 'list', weight: 60 },
  { name: 'detail', weight: 20 },
  { name: 'create', weight: 10 },
  { name: 'notifications', weight: 10 },
] as const;
type Operation = (typeof OPERATIONS)[number]['name'];

const client = httpClient(base, SESSIONS + 10);
const json = { 'content-type': 'application/json', origin: base.origin };

function appPid(): number {
  return values.pid ? Number(values.pid) : appMainPid();
}

/**
 * The CPU ticks so far of the app's process with its descendants (cluster workers), of PostgreSQL's
 * processes wherever they hang (the embedded server is the app's child) and of this process, by pid,
 * and the machine's. A process that ended between two snapshots is not counted.
 */
function cpuSnapshot(appPid: number) {
  const procs = processes();
  const ofApp = inTree(procs, appPid);
  const byPid = new Map<number, { group: 'app' | 'postgres' | 'bench' | 'other'; ticks: number }>();
  for (const [pid, p] of procs) {
    const group = p.comm === 'postgres' ? 'postgres' : pid === process.pid ? 'bench' : ofApp(pid) ? 'app' : 'other';
    byPid.set(pid, { group, ticks: p.ticks });
  }
  return { byPid, machine: machineTicks() };
}

/** CPU seconds each group spent between two snapshots. */
function cpuSeconds(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>) {
  const groups = { app: 0, postgres: 0, bench: 0 };
  for (const [pid, { group, ticks }] of after.byPid) {
    if (group === 'other') continue;
    groups[group] += ticks - (before.byPid.get(pid)?.ticks ?? 0);
  }
  const seconds = (ticks: number) => Math.round((ticks * TICK_MS) / 100) / 10;
  return {
    app: seconds(groups.app),
    postgres: seconds(groups.postgres),
    bench: seconds(groups.bench),
    machine_busy: seconds(after.machine.busy - before.machine.busy),
    machine_capacity: seconds(after.machine.total - before.machine.total),
  };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0);

let sequence = 0;
function ticket() {
  sequence += 1;
  return {
    customerName: `Load Customer ${sequence}`,
    customerEmail: `load${sequence}@example.com`,
    customerPhone: `+1512${String(5_000_000 + (sequence % 4_000_000)).padStart(7, '0')}`,
    contactMethod: 'Email',
    orderNumber: `LOAD-${sequence}`,
    purchaseDate: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
    purchaseLocation: 'Walmart',
    productSku: 'FJ-250',
    jackModel: '3-Ton Floor Jack',
    serialNumber: `SN-L-${sequence}`,
    issueCategory: 'Hydraulic Oil Leak',
    issueDescription: 'Oil is leaking from the ram seal after a week of light use.',
    issueStartTime: 'Within first week',
    troubleshootingAttempted: 'No',
    preferredResolution: 'Replacement',
  };
}

async function main(): Promise<void> {
  let mails = 0;
  const smtp = new SMTPServer({
    secure: false, authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => { mails += 1; callback(); });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const pid = appPid();

  // The organization: an owner and USERS - 1 members, every one with a notification e-mail.
  const stamp = Date.now().toString(36);
  const password = 'load-pass-1';
  const register = await client.request(new URL('/api/register', base), { method: 'POST', headers: json, body: JSON.stringify({ username: `load-owner-${stamp}`, password }) });
  if (register.status !== 201) throw new Error(`register: ${register.status} ${register.body}`);
  const ownerCookie = (register.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const owner = (path: string, method = 'GET', body?: unknown) =>
    client.request(new URL(path, base), { method, headers: { ...json, cookie: ownerCookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  await owner('/api/settings', 'PUT', { smtp_host: '127.0.0.1', smtp_port: smtpPort, smtp_from_email: 'support@load.example.com' });
  const usernames = [`load-owner-${stamp}`];
  for (let i = 1; i < USERS; i += 1) {
    const username = `load-member-${stamp}-${i}`;
    const invite = await owner('/api/users/invite', 'POST', { username });
    const temporary = JSON.parse(invite.body).temporaryPassword as string;
    const cookie = await client.signIn(username, temporary);
    await client.request(new URL('/api/change-password', base), { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ newPassword: password }) });
    usernames.push(username);
  }
  for (const username of usernames) {
    const cookie = await client.signIn(username, password);
    await client.request(new URL('/api/user/profile', base), { method: 'PATCH', headers: { ...json, cookie }, body: JSON.stringify({ notification_email: `${username}@load.example.com` }) });
  }
  const ids: string[] = [];
  for (let i = 0; i < 50; i += 1) ids.push(JSON.parse((await owner('/api/tickets', 'POST', ticket())).body).id);
  const cookies: string[] = [];
  for (let i = 0; i < SESSIONS; i += 1) cookies.push(await client.signIn(usernames[i % usernames.length], password));
  const backlog = async () =>
    (await db.query(`select count(*)::int as n from graphile_worker._private_jobs where locked_at is null and attempts < max_attempts and run_at <= now()`)).rows[0].n as number;
  // Let the setup's own jobs drain first.
  for (let i = 0; i < 120 && (await backlog()) > 0; i += 1) await new Promise((r) => setTimeout(r, 1000));

  // On stderr, for a wrapper that times the load itself (bench/soak.ts): the setup is over.
  console.error(LOAD_STARTS);
  const samples: Record<Operation, number[]> = { list: [], detail: [], create: [], notifications: [] };
  const errors: Record<Operation, number> = { list: 0, detail: 0, create: 0, notifications: 0 };
  const rss: { t: number; mb: number }[] = [];
  const started = performance.now();
  const cpuAtStart = cpuSnapshot(pid);
  const rssTimer = setInterval(() => rss.push({ t: Math.round((performance.now() - started) / 1000), mb: appRssMb(pid) }), 1000);
  const deadline = started + SECONDS * 1000;
  const pick = (): Operation => {
    let r = Math.random() * 100;
    for (const op of OPERATIONS) if ((r -= op.weight) < 0) return op.name;
    return 'list';
  };
  const sorts = ['["created_at","DESC"]', '["ticket_number","ASC"]', '["updated_at","DESC"]'];
  async function session(cookie: string): Promise<void> {
    while (performance.now() < deadline) {
      const op = pick();
      const t0 = performance.now();
      let res;
      try {
        if (op === 'list') {
          const page = Math.floor(Math.random() * 4) * 25;
          res = await client.request(new URL(`/api/tickets?range=[${page},${page + 24}]&sort=${encodeURIComponent(sorts[page % 3])}&view=row`, base), { headers: { cookie } });
        } else if (op === 'detail') {
          res = await client.request(new URL(`/api/tickets/${ids[Math.floor(Math.random() * ids.length)]}`, base), { headers: { cookie } });
        } else if (op === 'create') {
          res = await client.request(new URL('/api/tickets', base), { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(ticket()) });
        } else {
          res = await client.request(new URL('/api/notifications?range=[0,19]', base), { headers: { cookie } });
        }
      } catch {
        errors[op] += 1;
        continue;
      }
      if (res.status >= 400) errors[op] += 1;
      else samples[op].push(performance.now() - t0);
    }
  }
  await Promise.all(cookies.map(session));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(cpuAtStart, cpuSnapshot(pid));
  const backlogAtEnd = await backlog();
  const drain: { t: number; queued: number }[] = [];
  for (let t = 5; t <= DRAIN; t += 5) {
    await new Promise((r) => setTimeout(r, 5000));
    drain.push({ t, queued: await backlog() });
  }
  clearInterval(rssTimer);

  const all = Object.values(samples).flat().sort((a, b) => a - b);
  const perOperation = Object.fromEntries(
    OPERATIONS.map(({ name }) => {
      const sorted = samples[name].sort((a, b) => a - b);
      return [name, { requests: sorted.length, per_second: Math.round(sorted.length / elapsed), p50_ms: Math.round(percentile(sorted, 0.5)), p99_ms: Math.round(percentile(sorted, 0.99)), errors: errors[name] }];
    }),
  );
  const warm = rss.filter((s) => s.t >= Math.min(60, SECONDS / 2));
  const result = {
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg() },
    sessions: SESSIONS, seconds: SECONDS, users: USERS,
    total: { requests: all.length, per_second: Math.round(all.length / elapsed), p50_ms: Math.round(percentile(all, 0.5)), p99_ms: Math.round(percentile(all, 0.99)), errors: Object.values(errors).reduce((a, b) => a + b, 0) },
    per_operation: perOperation,
    queue: { backlog_at_end: backlogAtEnd, drain, emails_received: mails },
    cpu_seconds: cpu,
    rss_mb: { first: rss[0]?.mb, after_warmup: warm[0]?.mb, last: rss.at(-1)?.mb, max: Math.max(...rss.map((s) => s.mb)) },
  };
  console.log(JSON.stringify(result, null, 2));
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `load-${result.at.replace(/[:.]/g, '-')}.json`), JSON.stringify({ ...result, rss }, null, 2));
  await db.end();
  client.destroy();
  smtp.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
