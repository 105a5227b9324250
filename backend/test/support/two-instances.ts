import type { Type } from '@nestjs/common';
import type pg from 'pg';
import { LiveHub } from '../../src/common/live/live-hub.js';
import type { SignedIn } from '../factories/users.js';
import { eventually } from './job-probe.js';
import { startTestApp, type TestApp } from './test-app.js';

/** Two app instances on one database, as behind a load balancer, and a cache each of them holds. */
export interface TwoInstances<C> {
  a: TestApp;
  b: TestApp;
  cacheOf(app: TestApp): C;
  close(): Promise<void>;
}

/** Starts both, and waits until each instance's `cache` listens for its invalidations. */
export async function startTwoInstances<C extends { active: boolean }>(cache: Type<C>, env: Record<string, string> = {}): Promise<TwoInstances<C>> {
  const a = await startTestApp(env);
  const b = await startTestApp(env, { databaseUrl: a.databaseUrl });
  const cacheOf = (app: TestApp) => app.created.app.get(cache);
  await eventually('both instances listen for invalidations', () => cacheOf(a).active && cacheOf(b).active, 10_000);
  return {
    a,
    b,
    cacheOf,
    close: async () => {
      await b.close();
      await a.close();
    },
  };
}

/** A fresh session's cookie (`name=value`), to send the same session to either instance. */
export async function sessionCookie(app: TestApp, user: SignedIn): Promise<string> {
  const res = await app.request().post('/api/login').send({ username: user.user.username, password: user.password }).expect(200);
  return (res.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
}

/**
 * Runs `change` while `app` cannot read its LISTEN connection (its socket paused): the notification
 * of the commit waits in the socket, as on a busy machine, and is read `ms` later. What the app
 * answers meanwhile shows whether it waited for it.
 */
export async function whileNotificationsWait<T>(app: TestApp, ms: number, change: () => Promise<T>): Promise<T> {
  const client = (app.created.app.get(LiveHub) as unknown as { client: pg.Client & { connection: { stream: NodeJS.ReadableStream } } }).client;
  const stream = client.connection.stream;
  stream.pause();
  try {
    return await change();
  } finally {
    setTimeout(() => stream.resume(), ms);
  }
}
