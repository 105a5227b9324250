/**
 * Two builds of the app side by side on one database, loaded in turns: the CPU each spends per
 * request, where throughput alone drifts with this shared machine's speed from one minute to the
 * next. Start both (bench/start-app.sh, e.g. the earlier commit from a worktree with
 * `DATABASE_URL` of the same server and another `PORT`), then:
 *
 *   node --experimental-strip-types bench/side-by-side.ts --a 3997 --b 3998 \
 *     --path '/api/notifications?range=[0,9]' [--rounds 8 --seconds 6 --connections 30]
 *
 * Each round loads A then B (B then A in every other round) for `seconds` with `connections`
 * signed-in connections, and reads from /proc the CPU time of each app's process (found by its port)
 * and of the whole machine over that load. Prints each load and the averages per side.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { httpClient } from './http-client.ts';
import { machineTicks, processTicks, TICK_MS } from './proc-cpu.ts';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    path: { type: 'string', default: '/api/tickets?range=[0,24]' },
    rounds: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '30' },
    username: { type: 'string', default: 'bench' },
    password: { type: 'string', default: 'bench-pass-123' },
  },
});
if (!values.a || !values.b) throw new Error('Pass --a PORT and --b PORT of the two running apps');

/** The node process listening on the port (ss -ltnp). */
function pidOf(port: string): number {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`Nothing listens on port ${port}`);
  return Number(pid);
}

interface Load { rps: number; appMsPerRequest: number; machineMsPerRequest: number }

async function load(port: string): Promise<Load> {
  const base = new URL(`http://127.0.0.1:${port}`);
  const pid = pidOf(port);
  const connections = Number(values.connections);
  const { request, signIn, destroy } = httpClient(base, connections);
  const cookie = await signIn(values.username!, values.password!);
  const app0 = processTicks(pid);
  const machine0 = machineTicks().busy;
  let done = 0;
  const deadline = performance.now() + Number(values.seconds) * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < deadline) {
      const res = await request(new URL(values.path!, base), { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${values.path} answered ${res.status} on port ${port}`);
      done++;
    }
  }));
  const app = (processTicks(pid) - app0) * TICK_MS;
  const machine = (machineTicks().busy - machine0) * TICK_MS;
  destroy();
  return { rps: done / Number(values.seconds), appMsPerRequest: app / done, machineMsPerRequest: machine / done };
}

const loads: Record<'A' | 'B', Load[]> = { A: [], B: [] };
for (let round = 0; round < Number(values.rounds); round++) {
  const order: ['A' | 'B', string][] = round % 2 ? [['B', values.b], ['A', values.a]] : [['A', values.a], ['B', values.b]];
  for (const [side, port] of order) {
    const result = await load(port);
    loads[side].push(result);
    console.log(side, JSON.stringify(result));
  }
}
for (const side of ['A', 'B'] as const) {
  const avg = (key: keyof Load) => (loads[side].reduce((sum, l) => sum + l[key], 0) / loads[side].length).toFixed(2);
  console.log(`${side} (port ${side === 'A' ? values.a : values.b}): ${avg('rps')} req/s, app ${avg('appMsPerRequest')} ms CPU a request, machine ${avg('machineMsPerRequest')} ms CPU a request`);
}
