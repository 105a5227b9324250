import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inviteMember } from './factories/members.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { SseClient } from './support/sse-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let baseUrl: string;

beforeAll(async () => {
  app = await startTestApp();
  const server = app.created.app.getHttpServer() as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => app.close());

/** Unread notifications for a user, written as the fan-out writes them. */
async function notify(who: SignedIn, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await app.db.query(
      `insert into notifications (organization_id, user_id, type, title, message) values ($1, $2, 'ticket_created', $3, 'A new ticket')`,
      [who.user.organization_id, who.user.id, `Ticket ${i}`],
    );
  }
}

const unread = async (who: SignedIn) => (await who.agent.get('/api/notifications/unread-count').expect(200)).body.count as number;

describe('POST /api/notifications/mark-all-read', () => {
  it("marks all of the caller's notifications read, nobody else's, and says how many", async () => {
    const owner = await registerOwner(app);
    const member = await inviteMember(app, owner);
    await notify(owner, 3);
    await notify(member, 2);
    const before = await unread(owner);
    expect(before).toBeGreaterThanOrEqual(3);

    const res = await owner.agent.post('/api/notifications/mark-all-read').expect(200);
    expect(res.body).toEqual({ updated: before, count: 0 });
    expect(await unread(owner)).toBe(0);
    const list = await owner.agent.get('/api/notifications').expect(200);
    expect(list.body.every((n: { is_read: boolean }) => n.is_read)).toBe(true);
    expect(await unread(member)).toBe(2);

    expect((await owner.agent.post('/api/notifications/mark-all-read').expect(200)).body).toEqual({ updated: 0, count: 0 });
  });

  it("sends the user's open tabs unread_count 0", async () => {
    const owner = await registerOwner(app);
    await notify(owner, 2);
    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: owner.user.username, password: owner.password }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const tab = await SseClient.connect(`${baseUrl}/api/events/stream`, cookie);
    expect(tab.status).toBe(200);
    try {
      await owner.agent.post('/api/notifications/mark-all-read').expect(200);
      await tab.waitFor('the unread count after marking all read', (events) => events.some((e) => e.event === 'unread_count'));
      expect(tab.of('unread_count')).toEqual([{ count: 0 }]);
    } finally {
      tab.close();
    }
  });

  it('needs a session', async () => {
    await app.request().post('/api/notifications/mark-all-read').expect(401);
  });
});
