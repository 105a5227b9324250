/**
 * Issue 32: the provider webhooks and the signed-in floor against a running app (production mode,
 * bench/start-app.sh) and its database, both sides of each ratio in one run. Writes
 * bench/results/webhooks-<time>.json (git-ignored) and prints a Markdown table.
 *
 *   BASE_URL=http://127.0.0.1:3997 DATABASE_URL=postgres://... npm run bench:webhooks -- [--seconds 10 --connections 50 --rate 300]
 *
 * It registers a fresh organization through the API, links a Twilio account to it and gives it a
 * number directly in the database (the token sealed with the app's APP_SECRET, as the app stores it),
 * then loads, `connections` keep-alive connections each sending its next request when the reply is in:
 * 1. the signed voice webhook (POST /api/webhooks/twilio/voice), then the same read, signature check
 *    and TwiML through a bare node:http + pg server (bench/bare-voice-server.ts);
 * 2. the voice webhook at a fixed `rate` req/s (open loop: each request sent on schedule), for its p99;
 * 3. the recording status callback (POST /api/webhooks/twilio/recording) for 200 calls, each already
 *    noted once (as after the Record action: Twilio's usual order);
 * 4. the floor: GET /api/health (no session) and GET /api/user (signed in).
 */
import { fork } from 'node:child_process';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import twilio from 'twilio';
import { httpClient } from './http-client.ts';
import { untilQueueIdle } from './queue-idle.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rate: { type: 'string', default: '300' },
    only: { type: 'string' },
  },
});
const base = new URL((process.env.BASE_URL ?? 'http://127.0.0.1:3997').replace(/\/+$/, ''));
const publicBaseUrl = base.origin;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the app database');
const appSecret = process.env.APP_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123';
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rate = Number(values.rate);
const here = dirname(fileURLToPath(import.meta.url));
const { request, destroy } = httpClient(base, connections);

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const round = (n: number) => Math.round(n * 100) / 100;

/** The app's SecretBox.seal (backend/src/common/crypto/secret-box.ts), frozen here: v1:<iv>:<tag>:<data>. */
function seal(plain: string): string {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'warranty-crm', 'stored-secrets', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
}

interface Req {
  url: URL;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

function stats(latencies: number[], errors: number, duration: number, statuses: Record<number, number>) {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    statuses,
    req_per_s: round(latencies.length / duration),
    p50_ms: round(percentile(latencies, 0.5)),
    p99_ms: round(percentile(latencies, 0.99)),
  };
}

/** Closed loop: `connections` loops, each sending the next request when its reply is in. */
async function load(make: (i: number) => Req, expect: number, client = request) {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let sequence = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const r = make(sequence++);
        const t0 = performance.now();
        try {
          const res = await client(r.url, r);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status !== expect) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return stats(latencies, errors, (performance.now() - started) / 1000, statuses);
}

/** Open loop: `rate` requests a second on schedule for `seconds`, whatever the replies do; latency from the scheduled send. */
async function fixedRate(make: (i: number) => Req, expect: number) {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const r = make(i);
    inFlight.push(
      request(r.url, r).then(
        (res) => {
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status !== expect) errors++;
          latencies.push(performance.now() - due);
        },
        () => {
          errors++;
          latencies.push(performance.now() - due);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  // req/s: the replies over the time until the last one came (below `rate` when the app fell behind).
  return { rate, ...stats(latencies, errors, (performance.now() - started) / 1000, statuses) };
}

async function startBare(authToken: string): Promise<{ port: number; stop: () => void }> {
  const child = fork(join(here, 'bare-voice-server.ts'), [], {
    env: { ...process.env, DATABASE_URL: databaseUrl, AUTH_TOKEN: authToken, PUBLIC_BASE_URL: publicBaseUrl, PORT: '0' },
    execArgv: ['--experimental-strip-types', '--no-warnings'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { port, stop: () => child.kill() };
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** A signed Twilio callback to `path` (with its query) on `origin`, signed over PUBLIC_BASE_URL + path as Twilio does. */
function signed(origin: URL, path: string, fields: Record<string, string>, authToken: string): Req {
  return {
    url: new URL(path, origin),
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, `${publicBaseUrl}${path}`, fields),
    },
    body: form(fields),
  };
}

const callSid = () => `CA${randomBytes(16).toString('hex')}`;

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();

  // A fresh organization through the API (its session for the floor), its Twilio account and a number.
  const username = `webhooks${Date.now().toString(36)}`;
  const registered = await request(new URL('/api/register', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'bench-pass-123' }),
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.body}`);
  const cookie = (registered.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const organizationId = JSON.parse(registered.body).organization_id as string;
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await db.query(
    `update organizations set twilio_subaccount_sid = $1, twilio_subaccount_auth_token = $2, subaccount_origin = 'imported', imported_at = now() where id = $3`,
    [accountSid, seal(authToken), organizationId],
  );
  const number = (
    await db.query(
      `insert into brand_phone_numbers (organization_id, phone_number, brand, origin, greeting_type, greeting_text, enable_transcription)
       values ($1, $2, 'Acme', 'imported', 'text_to_speech', 'Thanks for calling Acme support. Please leave a message.', false) returning id`,
      [organizationId, phone],
    )
  ).rows[0].id as string;

  // Signed voice requests, made before the loads (the signature is the load generator's CPU, not the app's).
  const voiceFields = Array.from({ length: 200 }, () => ({
    AccountSid: accountSid, ApiVersion: '2010-04-01', CallSid: callSid(), From: '+15125550142', To: phone,
    Direction: 'inbound', CallStatus: 'ringing', Caller: '+15125550142', Called: phone,
  }));
  const voicePath = '/api/webhooks/twilio/voice';
  const appVoice = voiceFields.map((f) => signed(base, voicePath, f, authToken));
  const check = await request(appVoice[0].url, appVoice[0]);
  if (check.status !== 200 || !check.body.includes('<Record')) throw new Error(`voice webhook: ${check.status} ${check.body}`);

  // 200 calls whose voicemail is noted once (the Record action), then their recording status callbacks.
  const recordingPath = `/api/webhooks/twilio/recording?number=${number}&from=${encodeURIComponent('+15125550142')}&transcription=disabled`;
  const recordings = voiceFields.map((f, i) => {
    const fields = {
      AccountSid: accountSid, ApiVersion: '2010-04-01', CallSid: f.CallSid, From: f.From, To: phone,
      RecordingSid: `RE${randomBytes(16).toString('hex')}`, RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${accountSid}/Recordings/RE${i}`,
      RecordingDuration: '12', RecordingStatus: 'completed', RecordingChannels: '1', RecordingSource: 'RecordVerb',
    };
    return signed(base, recordingPath, fields, authToken);
  });
  for (const r of recordings) {
    const res = await request(r.url, r);
    if (res.status !== 204) throw new Error(`recording callback: ${res.status} ${res.body}`);
  }

  // The 200 voicemails' own work (their notifications) is done before any load, so the app's figures
  // are the requests' alone, as the bare server's are: no job ready or running (at most 120 s). Their
  // recordings' downloads go to Twilio, which the bench does not reach: they are failed for good
  // first (graphile-worker's own function), or their retries would run during the loads.
  await db.query(`select graphile_worker.permanently_fail_jobs(array(
    select j.id from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier = 'phone.fetch-recording'), 'the bench does not reach Twilio')`);
  const setup = await untilQueueIdle(db, 120_000);
  console.log(`the setup's jobs: ${setup.ready} ready or running after ${setup.seconds.toFixed(1)} s`);
  await db.end();

  const want = (name: string) => !values.only || values.only.split(',').includes(name);
  const results: Record<string, unknown> = {};
  /** The bare server's signed voice requests, for the time of `work` (started, checked once, stopped). */
  const withBareVoice = async (work: (bareVoice: Req[]) => Promise<void>) => {
    const bare = await startBare(authToken);
    try {
      const bareBase = new URL(`http://127.0.0.1:${bare.port}`);
      const bareVoice = voiceFields.map((f) => signed(bareBase, voicePath, f, authToken));
      const first = await request(bareVoice[0].url, bareVoice[0]);
      if (first.status !== 200) throw new Error(`bare voice: ${first.status} ${first.body}`);
      await work(bareVoice);
    } finally {
      bare.stop();
    }
  };
  if (want('voice')) {
    results.voice_app = await load((i) => appVoice[i % appVoice.length], 200);
    await withBareVoice(async (bareVoice) => {
      results.voice_bare = await load((i) => bareVoice[i % bareVoice.length], 200);
    });
  }
  if (want('rate')) {
    results.voice_fixed_rate = await fixedRate((i) => appVoice[i % appVoice.length], 200);
    // The same open loop against the bare server: the tail this machine and this client give any server.
    await withBareVoice(async (bareVoice) => {
      results.voice_fixed_rate_bare = await fixedRate((i) => bareVoice[i % bareVoice.length], 200);
    });
  }
  if (want('recording')) results.recording_app = await load((i) => recordings[i % recordings.length], 204);
  if (want('floor')) {
    results.floor_health = await load(() => ({ url: new URL('/api/health', base) }), 200);
    results.floor_user = await load(() => ({ url: new URL('/api/user', base), headers: { cookie } }), 200);
  }
  destroy();

  const loadAfter = os.loadavg();
  const r = results as Record<string, { req_per_s: number; p50_ms: number; p99_ms: number; errors: number }>;
  const summary = {
    at: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    load_average_before: loadBefore.map(round),
    load_average_after: loadAfter.map(round),
    seconds,
    connections,
    ...results,
    ratios: {
      voice_app_over_bare: r.voice_app && r.voice_bare ? round(r.voice_app.req_per_s / r.voice_bare.req_per_s) : null,
      signed_in_over_no_session: r.floor_user && r.floor_health ? round(r.floor_user.req_per_s / r.floor_health.req_per_s) : null,
    },
  };
  mkdirSync(join(here, 'results'), { recursive: true });
  const file = join(here, 'results', `webhooks-${summary.at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(summary, null, 2));

  const row = (name: string, key: string) => (r[key] ? `| ${name} | ${r[key].req_per_s} | ${r[key].p50_ms} | ${r[key].p99_ms} | ${r[key].errors} |` : null);
  console.log(
    [
      `${summary.at}, ${summary.machine}, load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')} → ${loadAfter.map((n) => n.toFixed(2)).join(' ')}`,
      '',
      `| ${connections} connections, ${seconds} s | req/s | p50 ms | p99 ms | errors |`,
      '|---|---|---|---|---|',
      row('app: signed voice webhook', 'voice_app'),
      row('bare node:http + pg: the same read, signature and TwiML', 'voice_bare'),
      r.voice_fixed_rate ? `| app: voice webhook at a fixed ${rate} req/s | ${r.voice_fixed_rate.req_per_s} | ${r.voice_fixed_rate.p50_ms} | ${r.voice_fixed_rate.p99_ms} | ${r.voice_fixed_rate.errors} |` : null,
      r.voice_fixed_rate_bare ? `| bare server at the same fixed ${rate} req/s | ${r.voice_fixed_rate_bare.req_per_s} | ${r.voice_fixed_rate_bare.p50_ms} | ${r.voice_fixed_rate_bare.p99_ms} | ${r.voice_fixed_rate_bare.errors} |` : null,
      row('app: recording status callback (call already noted)', 'recording_app'),
      row('floor: GET /api/health, no session', 'floor_health'),
      row('floor: GET /api/user, signed in', 'floor_user'),
      '',
      `voice app / bare: ${summary.ratios.voice_app_over_bare ?? '–'}; signed-in / no-session floor: ${summary.ratios.signed_in_over_no_session ?? '–'}`,
      `(${file})`,
    ]
      .filter((line) => line !== null)
      .join('\n'),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
