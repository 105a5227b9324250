/**
 * Notifications fan-out throughput: one organization of `--users` users (default 500), every one
 * with a notification e-mail, the organization's SMTP pointing at a capturing SMTP server in this
 * process; `--events` tickets (default 10) are created through the API as fast as it answers, and
 * each becomes a new_ticket notification for every other user on the default channels (in-app,
 * e-mail, browser, push and SMS; the last two are skipped: no subscription, no phone).
 *
 * Measures (from the first POST): the in-app rows written by the fan-out handlers (events/s and
 * notifications/s), and every delivery job done (deliveries/s, e-mails received). Writes
 * bench/results/notifications-fanout-<timestamp>.json (git-ignored).
 *
 *   BASE_URL=http://127.0.0.1:3999 DATABASE_URL=postgres://... \
 *     node --experimental-strip-types bench/notifications-fanout.ts [--users 500 --events 10]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '500' },
    events: { type: 'string', default: '10' },
    timeout: { type: 'string', default: '900' },
  },
});
const base = (process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the database of the app at BASE_URL');
const userCount = Number(values.users);
const eventCount = Number(values.events);
const timeoutMs = Number(values.timeout) * 1000;

async function api(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { res, json: text ? JSON.parse(text) : undefined };
}

async function waitUntil(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  let emails = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        emails += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const username = `fanout${Date.now().toString(36)}`;
    const register = await api('', 'POST', '/api/register', { username, password: 'bench-pass-123' });
    const cookie = register.res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const owner = register.json as { id: string; organization_id: string };
    await api(cookie, 'PUT', '/api/settings', {
      smtp_host: '127.0.0.1',
      smtp_port: (smtp.server.address() as AddressInfo).port,
      smtp_from_email: 'crm@example.com',
    });
    // The other users, straight into the database (they never sign in); each with an e-mail.
    await db.query(
      `insert into users (username, password, organization_id, notification_email)
       select $1 || '-' || n, (select password from users where id = $2), $3, $1 || '-' || n || '@example.com'
       from generate_series(1, $4::int) as n`,
      [username, owner.id, owner.organization_id, userCount - 1],
    );
    const recipients = userCount - 1;
    const expectedInApp = eventCount * recipients;
    // Default new_ticket channels: email, sms, mobile_push, browser are jobs.
    const expectedDeliveries = eventCount * recipients * 4;
    const count = async (sql: string) => (await db.query(sql, [owner.organization_id])).rows[0].n as number;

    const started = performance.now();
    for (let i = 0; i < eventCount; i += 1) {
      await api(cookie, 'POST', '/api/tickets', {
        customerName: `Fanout Customer ${i}`,
        customerEmail: `fanout${i}@example.com`,
        customerPhone: `+1512555${String(1000 + i).slice(-4)}`,
        contactMethod: 'Email',
        orderNumber: `ORD-F${i}`,
        purchaseDate: new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10),
        purchaseLocation: 'Walmart',
        productSku: 'FJ-250',
        jackModel: '3-Ton Floor Jack',
        issueCategory: 'Hydraulic Oil Leak',
        issueDescription: 'Oil drips from the ram after every lift.',
        issueStartTime: 'Within first week',
        troubleshootingAttempted: 'No',
        preferredResolution: 'Replacement',
      });
    }
    const posted = performance.now();
    await waitUntil('every in-app notification is written', async () =>
      (await count(`select count(*)::int as n from notifications where organization_id = $1 and type = 'new_ticket'`)) >= expectedInApp,
    );
    const fannedOut = performance.now();
    await waitUntil('every delivery job is done', async () =>
      (await count(`select count(*)::int as n from notification_deliveries where organization_id = $1`)) >= expectedDeliveries,
    );
    const delivered = performance.now();
    await waitUntil('every e-mail arrived', async () => emails >= expectedInApp);

    const seconds = (ms: number) => +(ms / 1000).toFixed(2);
    const results = {
      measured_at: new Date().toISOString(),
      base_url: base,
      users: userCount,
      recipients_per_event: recipients,
      events: eventCount,
      api_post_seconds: seconds(posted - started),
      fan_out: {
        seconds: seconds(fannedOut - started),
        events_per_second: +(eventCount / ((fannedOut - started) / 1000)).toFixed(2),
        in_app_notifications_per_second: +(expectedInApp / ((fannedOut - started) / 1000)).toFixed(0),
      },
      deliveries: {
        jobs: expectedDeliveries,
        seconds: seconds(delivered - started),
        per_second: +(expectedDeliveries / ((delivered - started) / 1000)).toFixed(0),
        emails_received: emails,
      },
    };
    const dir = join(dirname(fileURLToPath(import.meta.url)), 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `notifications-fanout-${results.measured_at.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
    console.log(`written to ${file}`);
  } finally {
    await db.end();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

await main();
