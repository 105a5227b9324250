import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { connectAccount, leaveVoicemail, startTelephonyApp, type TelephonyApp } from './factories/telephony.js';
import { ticketPayload } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';

let t: TelephonyApp;
let owner: SignedIn;
let account: FakeAccount;
let acme: { id: string; phone_number: string };
let beta: { id: string; phone_number: string };
/** Call log ids by name, oldest first. */
const logs: Record<string, string> = {};

async function buy(brand: string, areaCode: string) {
  const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode }).expect(200);
  return (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand }).expect(201)).body;
}

async function idOf(callSid: string): Promise<string> {
  return (await t.app.db.query('select id from call_logs where call_sid = $1', [callSid])).rows[0].id;
}

beforeAll(async () => {
  t = await startTelephonyApp();
  owner = await registerOwner(t.app);
  account = await connectAccount(t.fake, owner.agent);
  acme = await buy('Acme', '512');
  beta = await buy('Beta', '212');
  const calls = [
    ['maria', { from: '+15125550142', to: acme.phone_number, callerName: 'MARIA G', transcript: 'My jack leaks oil.' }],
    ['li', { from: '+12125550177', to: beta.phone_number, seconds: 30 }],
    ['sam', { from: '+13055550123', to: acme.phone_number, seconds: 4 }],
  ] as const;
  let minute = 10;
  for (const [name, call] of calls) {
    const { callSid } = await leaveVoicemail(t, account, call);
    logs[name] = await idOf(callSid);
    await t.app.db.query(`update call_logs set created_at = now() - interval '${minute} minutes' where id = $1`, [logs[name]]);
    minute -= 1;
  }
});
afterAll(async () => t.close());

describe('GET /api/call-logs', () => {
  it('lists the calls newest first with Content-Range and the screen’s fields', async () => {
    const res = await owner.agent.get('/api/call-logs').expect(200);
    expect(res.headers['content-range']).toBe('call-logs 0-2/3');
    expect(res.body.map((c: { id: string }) => c.id)).toEqual([logs.sam, logs.li, logs.maria]);
    expect(res.body[2]).toMatchObject({
      id: logs.maria, call_type: 'voicemail', from_phone: '+15125550142', caller_name: 'MARIA G', brand: 'Acme',
      is_read: false, is_returned: false, ticket_id: null, notes: null, transcription: 'My jack leaks oil.',
      transcription_status: 'completed', recording_url: `/api/call-logs/${logs.maria}/recording`, recording_duration: 12,
    });
    expect(JSON.stringify(res.body)).not.toContain('api.twilio.com');
  });

  it('searches the phone number ignoring punctuation, and filters by brand', async () => {
    const search = await owner.agent.get('/api/call-logs').query({ search: '(212) 555-01' }).expect(200);
    expect(search.body.map((c: { id: string }) => c.id)).toEqual([logs.li]);
    const brand = await owner.agent.get('/api/call-logs').query({ brand: 'Acme' }).expect(200);
    expect(brand.body.map((c: { id: string }) => c.id)).toEqual([logs.sam, logs.maria]);
    const viaFilter = await owner.agent.get('/api/call-logs').query({ filter: JSON.stringify({ brand: 'Beta' }), range: '[0,0]' }).expect(200);
    expect(viaFilter.body.map((c: { id: string }) => c.id)).toEqual([logs.li]);
    expect(viaFilter.headers['content-range']).toBe('call-logs 0-0/1');
  });

  it('pages in SQL with range', async () => {
    const res = await owner.agent.get('/api/call-logs').query({ range: '[1,1]' }).expect(200);
    expect(res.body.map((c: { id: string }) => c.id)).toEqual([logs.li]);
    expect(res.headers['content-range']).toBe('call-logs 1-1/3');
  });

  it('filters by status: unread, unreturned, with and without a ticket; counts them in stats', async () => {
    await owner.agent.patch(`/api/call-logs/${logs.li}`).send({ is_read: true }).expect(200);
    await owner.agent.patch(`/api/call-logs/${logs.sam}`).send({ is_read: true, is_returned: true }).expect(200);
    const ids = async (status: string) => (await owner.agent.get('/api/call-logs').query({ status }).expect(200)).body.map((c: { id: string }) => c.id);
    expect(await ids('unread')).toEqual([logs.maria]);
    expect(await ids('unreturned')).toEqual([logs.li, logs.maria]);
    expect(await ids('with_ticket')).toEqual([]);
    expect(await ids('no_ticket')).toEqual([logs.sam, logs.li, logs.maria]);
    expect(await ids('all')).toHaveLength(3);
    const bad = await owner.agent.get('/api/call-logs').query({ status: 'missed' }).expect(400);
    expect(bad.body.error).toBe('Status must be one of: all, unread, unreturned, with_ticket, no_ticket');

    expect((await owner.agent.get('/api/call-logs/stats').expect(200)).body).toEqual({ total: 3, unread: 1, unreturned: 2, with_ticket: 0, without_ticket: 3 });
    expect((await owner.agent.get('/api/call-logs/stats').query({ brand: 'Acme' }).expect(200)).body).toEqual({ total: 2, unread: 1, unreturned: 1, with_ticket: 0, without_ticket: 2 });
  });
});

describe('PATCH and DELETE /api/call-logs/{id}', () => {
  it('marks returned with who and when, saves notes, and clears both again', async () => {
    const returned = await owner.agent.patch(`/api/call-logs/${logs.li}`).send({ is_returned: true, notes: 'Called back, left a message' }).expect(200);
    expect(returned.body).toMatchObject({ is_returned: true, notes: 'Called back, left a message', returned_by: { id: owner.user.id, username: owner.user.username } });
    expect(Date.now() - new Date(returned.body.returned_at).getTime()).toBeLessThan(60_000);
    const undone = await owner.agent.patch(`/api/call-logs/${logs.li}`).send({ is_returned: false, notes: '' }).expect(200);
    expect(undone.body).toMatchObject({ is_returned: false, returned_at: null, returned_by: null, notes: null });
  });

  it('refuses values that are not booleans, including null', async () => {
    expect((await owner.agent.patch(`/api/call-logs/${logs.li}`).send({ is_read: 'yes' }).expect(400)).body.error).toBe('is_read must be true or false');
    expect((await owner.agent.patch(`/api/call-logs/${logs.li}`).send({ is_returned: null }).expect(400)).body.error).toBe('is_returned must be true or false');
  });

  it('deletes a call log with the spec message', async () => {
    const { callSid } = await leaveVoicemail(t, account, { from: '+15125550999', to: acme.phone_number });
    const id = await idOf(callSid);
    const res = await owner.agent.delete(`/api/call-logs/${id}`).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Call log deleted successfully' });
    await owner.agent.delete(`/api/call-logs/${id}`).expect(404);
  });
});

describe('GET /api/call-logs/{id}/recording', () => {
  it('streams the WAV from Twilio with the organization’s credentials', async () => {
    t.fake.clearRequests();
    const res = await owner.agent.get(`/api/call-logs/${logs.sam}/recording`).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    const body = res.body as Buffer;
    expect(res.headers['content-type']).toMatch(/^audio\//);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(body.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(body.length).toBe(44 + 4 * 8000 * 2);
    expect(res.headers.location).toBeUndefined();
    const [upstream] = t.fake.received('GET', /\/Recordings\/RE\w+\.wav$/);
    expect(upstream.username).toBe(account.sid);
  });

  it('honours Range so the player can seek', async () => {
    const res = await owner.agent.get(`/api/call-logs/${logs.sam}/recording`).set('Range', 'bytes=44-143').buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(206);
    expect(res.headers['content-range']).toBe(`bytes 44-143/${44 + 4 * 8000 * 2}`);
    expect((res.body as Buffer).length).toBe(100);
    await owner.agent.get(`/api/call-logs/${logs.sam}/recording`).set('Range', 'bytes=999999-').expect(416);
  });

  it('answers 502 with the spec text when Twilio is down, and 404 for a call without a recording', async () => {
    t.fake.failNext(1, 'unreachable');
    const down = await owner.agent.get(`/api/call-logs/${logs.sam}/recording`).expect(502);
    expect(down.body.error).toBe('Failed to load recording. Please refresh the page and try again.');
    const { rows } = await t.app.db.query(
      `insert into call_logs (organization_id, call_type, from_phone) values ($1, 'call', '+15125550000') returning id`, [owner.user.organization_id]);
    const none = await owner.agent.get(`/api/call-logs/${rows[0].id}/recording`).expect(404);
    expect(none.body.error).toBe('This call has no recording');
  });
});

describe('a ticket from a call', () => {
  it('links the call and takes the caller’s number as the customer’s phone', async () => {
    const res = await owner.agent.post('/api/tickets').send(ticketPayload({ customerPhone: undefined, call_log_id: logs.maria })).expect(201);
    expect(res.body.customer.phone).toBe('+15125550142');
    const call = await owner.agent.get('/api/call-logs').query({ status: 'with_ticket' }).expect(200);
    expect(call.body.map((c: { id: string; ticket_id: string }) => [c.id, c.ticket_id])).toEqual([[logs.maria, res.body.id]]);
    const again = await owner.agent.post('/api/tickets').send(ticketPayload({ call_log_id: logs.maria })).expect(409);
    expect(again.body.error).toBe('This call already has a ticket');
  });
});

describe('tenancy', () => {
  it("answers 404 for another organization's call logs on every route and shows none of them", async () => {
    const stranger = await registerOwner(t.app);
    await connectAccount(t.fake, stranger.agent);
    for (const res of await Promise.all([
      stranger.agent.patch(`/api/call-logs/${logs.li}`).send({ is_read: false, notes: 'mine now' }),
      stranger.agent.delete(`/api/call-logs/${logs.li}`),
      stranger.agent.get(`/api/call-logs/${logs.li}/recording`),
      stranger.agent.post('/api/tickets').send(ticketPayload({ call_log_id: logs.li })),
    ])) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Call log not found');
    }
    expect((await stranger.agent.get('/api/call-logs').expect(200)).body).toEqual([]);
    expect((await stranger.agent.get('/api/call-logs/stats').expect(200)).body.total).toBe(0);
    const row = (await t.app.db.query('select is_read, notes, ticket_id from call_logs where id = $1', [logs.li])).rows[0];
    expect(row).toEqual({ is_read: true, notes: null, ticket_id: null });
  });
});
