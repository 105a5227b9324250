import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Agent, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { eventually } from './support/job-probe.js';
import { adminUrl, startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
/** A connection to the server's `postgres` database, to shut the test's database and open it again. */
let admin: pg.Client;
let name: string;

beforeAll(async () => {
  app = await startTestApp({ JOBS_WORKER: 'false' });
  name = decodeURIComponent(new URL(app.databaseUrl).pathname.slice(1));
  admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
});
afterAll(async () => {
  await admin?.query(`alter database "${name}" with allow_connections true`).catch(() => undefined);
  await admin?.end();
  await app?.close();
});

describe('the health check', () => {
  it('answers the database up with the failed jobs, 503 "Database unreachable" while it is not, and up again after', async () => {
    const health = () => app.request().get('/api/health');
    expect((await health().expect(200)).body).toEqual({ status: 'ok', database: 'up', jobs: { failed: 0 } });

    // The app's connections cut (not the test's own), and no new one let in.
    const [{ pid }] = (await app.db.query('select pg_backend_pid() as pid')).rows;
    await admin.query(`alter database "${name}" with allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2', [name, pid]);
    await eventually('the health check says the database is unreachable', async () => {
      const res = await health();
      return res.status === 503 && res.body.error === 'Database unreachable';
    });

    await admin.query(`alter database "${name}" with allow_connections true`);
    await eventually('the health check says the database is up again', async () => (await health()).status === 200);
  });
});

describe('connections', () => {
  it('keeps an idle connection 65 s and says so, so that a client reusing it closes it first', async () => {
    const server = app.created.app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const call = () =>
      new Promise<IncomingMessage & { reused: boolean }>((resolve, reject) => {
        const req = get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(Object.assign(res, { reused: req.reusedSocket })));
        });
        req.on('error', reject);
      });
    try {
      const first = await call();
      // Node's own default is 5 s: a client pausing about that long between two calls could write
      // its request on a connection in the instant the server closed it, and be reset.
      expect([first.statusCode, first.headers.connection, first.headers['keep-alive']]).toEqual([200, 'keep-alive', 'timeout=65']);
      const second = await call();
      expect([second.statusCode, second.reused]).toEqual([200, true]);
    } finally {
      agent.destroy();
    }
  });
});
