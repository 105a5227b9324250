import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from './support/job-probe.js';
import { registerOwner } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app.close());

async function storedExpiry(userId: string): Promise<string[]> {
  const { rows } = await app.db.query(`select expire::text as e from "session" where sess -> 'passport' ->> 'user' = $1`, [userId]);
  return rows.map((r) => r.e);
}

describe('session lookup', () => {
  it('does not write the session back on every request (the rolling expiry moves only after minutes)', async () => {
    const owner = await registerOwner(app);
    const before = await storedExpiry(owner.user.id);
    expect(before).toHaveLength(1);
    for (let i = 0; i < 3; i++) await owner.agent.get('/api/tickets/metrics').expect(200);
    expect(await storedExpiry(owner.user.id)).toEqual(before);
  });

  it('sees a change of the user at once (the must-change-password flag), and an ended session answers 401', async () => {
    const owner = await registerOwner(app);
    await owner.agent.get('/api/tickets/metrics').expect(200);
    // Changes made outside the app reach its session cache by NOTIFY, within moments (issue 32).
    const answers = (status: number) => async () => (await owner.agent.get('/api/tickets/metrics')).status === status;
    await app.db.query('update users set must_change_password = true where id = $1', [owner.user.id]);
    await eventually('the pending change is enforced', answers(403), 2_000);
    const refused = await owner.agent.get('/api/tickets/metrics').expect(403);
    expect(refused.body.error).toBe('You must change your password before continuing.');
    await app.db.query('update users set must_change_password = false where id = $1', [owner.user.id]);
    await eventually('the change is released', answers(200), 2_000);
    await app.db.query(`delete from "session" where sess -> 'passport' ->> 'user' = $1`, [owner.user.id]);
    await eventually('the ended session is refused', answers(401), 2_000);
  });
});
