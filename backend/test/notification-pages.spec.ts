import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bindTenant } from '../src/common/tenancy/tenant-statement.js';
import { positionalSql } from '../src/database/prepared-statements.js';
import { recordedDeliveriesStatement } from '../src/modules/notifications/channels/deliveries.js';
import { notificationPageStatement } from '../src/modules/notifications/notification.repository.js';
import { inviteMember } from './factories/members.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { type PlanNode, planNodes, planOf } from './support/plans.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 33: the bell and the notifications page read a page of a user's notifications with their total
 * on every visit. Under the signed-in load each user has thousands of them, and the page read them all
 * from the table and sorted them (a third of PostgreSQL's time). Now the page and its total come from
 * one index, in order.
 */
let app: TestApp;
let owner: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  app = await startTestApp({ JOBS_WORKER: 'false' });
  owner = await registerOwner(app);
  member = await inviteMember(app, owner);
  // 2,000 notifications for the owner over the last days and 18,000 for the member (a tenth each, as for each of
  // the bench's 20 users), then statistics, so a plan's estimates matter.
  await app.db.query(
    `insert into notifications (organization_id, user_id, type, title, message, is_read, created_at)
     select $1, case when g % 10 = 0 then $2::uuid else $3::uuid end, 'ticket_created', 'Ticket ' || g, 'A new ticket', g % 3 = 0, now() - g * interval '1 minute'
       from generate_series(1, 20000) g`,
    [owner.user.organization_id, owner.user.id, member.user.id],
  );
  await app.db.query('vacuum analyze notifications');
  // And 20,000 e-mail deliveries of theirs, one per source.
  await app.db.query(
    `insert into notification_deliveries (organization_id, user_id, event_type, source_key, channel, status, created_at)
     select $1, case when g % 2 = 0 then $2::uuid else $3::uuid end, 'new_ticket', 'new_ticket:' || g, 'email', 'sent', now() - g * interval '1 minute'
       from generate_series(1, 20000) g`,
    [owner.user.organization_id, owner.user.id, member.user.id],
  );
  await app.db.query('vacuum analyze notification_deliveries');
});

afterAll(async () => {
  await app?.close();
});

const plan = (order: 'asc' | 'desc', offset: number): Promise<PlanNode> =>
  planOf(app.db, owner.user.organization_id, notificationPageStatement(owner.user.id, {}, order, 20, offset));

describe("a user's notifications page", () => {
  it.each([
    ['desc', 0],
    ['asc', 0],
    ['desc', 40],
  ] as const)('is read in order from the index and stops after the page (%s, offset %i); its total from the index alone', async (order, offset) => {
    const all = planNodes(await plan(order, offset));
    const limit = all.find((node) => node['Node Type'] === 'Limit');
    // The page: the index scan straight under the limit, no sort of every notification of the user.
    expect(limit?.Plans?.map((node) => [node['Node Type'], node['Index Name']])).toEqual([['Index Scan', 'notifications_organization_user_created_index']]);
    // The total: counted from the same index, without the table.
    const aggregate = all.find((node) => node['Node Type'] === 'Aggregate');
    expect(aggregate?.Plans?.map((node) => [node['Node Type'], node['Index Name']])).toEqual([['Index Only Scan', 'notifications_organization_user_created_index']]);
  });

  it('answers the newest 20 of the user with their total, and the next page after them', async () => {
    const first = await owner.agent.get('/api/notifications').query({ range: '[0,19]' }).expect(200);
    const owned = Number((await app.db.query('select count(*) from notifications where user_id = $1', [owner.user.id])).rows[0].count);
    expect(first.headers['content-range']).toBe(`notifications 0-19/${owned}`);
    const newest = (await app.db.query('select id from notifications where user_id = $1 order by created_at desc, id desc limit 40', [owner.user.id])).rows.map((row) => row.id);
    expect(first.body.map((n: { id: string }) => n.id)).toEqual(newest.slice(0, 20));
    const second = await owner.agent.get('/api/notifications').query({ range: '[20,39]' }).expect(200);
    expect(second.body.map((n: { id: string }) => n.id)).toEqual(newest.slice(20, 40));
  });
});

describe("a batch's deliveries already recorded (issue 33)", () => {
  it('are found by source, channel and recipient through their index, not among every delivery of the recipients', async () => {
    const refs = [1, 2, 3, 20001].flatMap((g) => [owner.user.id, member.user.id].map((userId) => ({ sourceKey: `new_ticket:${g}`, channel: 'email', userId })));
    const all = planNodes(await planOf(app.db, owner.user.organization_id, recordedDeliveriesStatement(refs), { analyze: true }));
    const scans = all.filter((node) => node['Relation Name'] === 'notification_deliveries');
    expect(scans.map((node) => [node['Node Type'], node['Index Name']])).toEqual([[expect.stringMatching(/^Index (Only )?Scan$/), 'notification_deliveries_source_index']]);
    // The four sources' deliveries to their one recipient each: 1 and 3 the member's, 2 the owner's, 20001 none.
    const { sql, params } = bindTenant(owner.user.organization_id, recordedDeliveriesStatement(refs));
    const { rows } = await app.db.query(positionalSql(sql), params);
    expect(rows.map((r) => `${r.source_key}:${r.user_id}`).sort()).toEqual(
      [`new_ticket:1:${member.user.id}`, `new_ticket:2:${owner.user.id}`, `new_ticket:3:${member.user.id}`].sort(),
    );
  });
});
