/**
 * Issue 34: how long the built-in phone simulation takes, against a running app where it is
 * available (development, or with the demo data):
 *   - "Try the built-in simulation" (POST /api/phone-system/simulation {enabled:true}): the first
 *     switch starts the simulated Twilio inside the process, the later ones find it running;
 *   - a simulated call (POST /api/phone-system/simulation/calls): the voice, record, recording and
 *     transcription webhooks, signed, through the app; then until the call log lists the transcription.
 * Before, the same needed `npm run fake:twilio` and a restart of the app with TWILIO_API_BASE_URL.
 *
 *   BASE_URL=http://127.0.0.1:3303 node --experimental-strip-types bench/phone-simulation.ts [--calls 10] [--toggles 5]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { httpClient } from './http-client.ts';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '10' }, toggles: { type: 'string', default: '5' } } });
const base = new URL(process.env.BASE_URL ?? 'http://127.0.0.1:3303');
const client = httpClient(base, 4);

const json = (cookie: string, method: string, path: string, body?: unknown) =>
  client.request(new URL(path, base), {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const username = `simbench${Date.now().toString(36)}`;
  const registered = await client.request(new URL('/api/register', base), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'bench-pass-123' }),
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.body}`);
  const cookie = await client.signIn(username, 'bench-pass-123');
  const load = [loadavg()[0]];

  const switchOn: number[] = [];
  for (let i = 0; i < Number(values.toggles); i++) {
    const started = performance.now();
    const on = await json(cookie, 'POST', '/api/phone-system/simulation', { enabled: true });
    if (on.status !== 200) throw new Error(`simulation on: ${on.status} ${on.body}`);
    switchOn.push(performance.now() - started);
    if (i < Number(values.toggles) - 1) await json(cookie, 'POST', '/api/phone-system/simulation', { enabled: false });
  }

  const found = JSON.parse((await json(cookie, 'GET', '/api/phone-numbers/search?country=US')).body) as { phoneNumber: string }[];
  const bought = await json(cookie, 'POST', '/api/phone-numbers/purchase', { phoneNumber: found[0].phoneNumber, brand: 'Acme' });
  if (bought.status !== 201) throw new Error(`purchase: ${bought.status} ${bought.body}`);
  const numberId = (JSON.parse(bought.body) as { id: string }).id;

  const webhooks: number[] = [];
  const listed: number[] = [];
  for (let i = 0; i < Number(values.calls); i++) {
    const transcript = `Bench voicemail ${i}`;
    const started = performance.now();
    const placed = await json(cookie, 'POST', '/api/phone-system/simulation/calls', { number_id: numberId, from: '+15125550100', transcript, seconds: 5 });
    if (placed.status !== 201) throw new Error(`call: ${placed.status} ${placed.body}`);
    webhooks.push(performance.now() - started);
    const callSid = (JSON.parse(placed.body) as { call_sid: string }).call_sid;
    for (;;) {
      const list = JSON.parse((await json(cookie, 'GET', '/api/call-logs?range=[0,9]')).body) as { call_sid: string; transcription: string | null }[];
      if (list.some((c) => c.call_sid === callSid && c.transcription === transcript)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    listed.push(performance.now() - started);
    load.push(loadavg()[0]);
  }
  await json(cookie, 'POST', '/api/phone-system/simulation', { enabled: false });
  client.destroy();

  const ms = (n: number) => Math.round(n);
  const result = {
    date: new Date().toISOString(),
    base: base.toString(),
    load_average: { min: Math.min(...load), max: Math.max(...load) },
    switch_on_first_ms: ms(switchOn[0]),
    switch_on_later_ms: switchOn.slice(1).map(ms),
    call_webhooks_ms: { p50: ms(pct(webhooks, 50)), max: ms(Math.max(...webhooks)) },
    call_listed_ms: { p50: ms(pct(listed, 50)), max: ms(Math.max(...listed)) },
    calls: webhooks.length,
  };
  console.log(JSON.stringify(result, null, 2));
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `phone-simulation-${Date.now()}.json`), JSON.stringify(result, null, 2));
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
