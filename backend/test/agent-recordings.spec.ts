import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sign } from 'retell-sdk';
import { registerOwner, type SignedIn } from './factories/users.js';
import { type FakeRetell, startFakeRetell } from './support/fake-retell.js';
import { eventually } from './support/job-probe.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let retell: FakeRetell;
let owner: SignedIn;
let webhookId: string;
const KEY = 'key_agent_recording_0123456789';
/** 4000 bytes that differ from one offset to the next, so a wrong slice shows. */
const AUDIO = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7 + 3) % 256));

beforeAll(async () => {
  retell = await startFakeRetell();
  retell.apiKeys.add(KEY);
  app = await startTestApp({ RETELL_API_BASE_URL: retell.url });
  owner = await registerOwner(app);
  await owner.agent.put('/api/settings').send({ brands: ['IronJack'], retell_api_key: KEY }).expect(200);
  webhookId = (await owner.agent.post('/api/webhooks').send({ name: 'IronJack line', brand: 'IronJack' }).expect(201)).body.id;
});
afterAll(async () => {
  await app.close();
  await retell.close();
});

async function agentCall(callId: string, extra: Record<string, unknown>, event = 'call_analyzed'): Promise<void> {
  const raw = JSON.stringify({
    event,
    call: { call_id: callId, agent_id: 'agent_1', call_type: 'phone_call', from_number: '+15125550142', to_number: '+15125550199', start_timestamp: Date.now() - 60_000, duration_ms: 42_000, ...extra },
  });
  await app.request().post(`/api/webhooks/retell/${webhookId}`).set('Content-Type', 'application/json').set('x-retell-signature', await sign(raw, KEY)).send(raw).expect(204);
}

async function listed(callId: string) {
  const row = (await app.db.query('select id from call_logs where retell_call_id = $1', [callId])).rows[0];
  const list = await owner.agent.get('/api/call-logs').expect(200);
  return list.body.find((c: { id: string }) => c.id === row.id);
}

describe('an AI-agent call’s recording and summary', () => {
  it('lists the call with our recording URL and Retell’s summary', async () => {
    retell.recordings.set('summary.wav', AUDIO);
    retell.calls.set('call_summary_1', { call_id: 'call_summary_1', recording_url: `${retell.url}/recordings/summary.wav` });
    await agentCall('call_summary_1', { recording_url: `${retell.url}/recordings/summary.wav`, call_analysis: { call_summary: 'Caller reports a leaking floor jack.' } });

    const call = await listed('call_summary_1');
    expect(call).toMatchObject({
      call_type: 'call',
      recording_url: `/api/call-logs/${call.id}/recording`,
      recording_duration: 42,
      call_summary: 'Caller reports a leaking floor jack.',
    });
  });

  it('answers one call by id (a notification’s link), and 404 to another organization', async () => {
    await agentCall('call_one_1', { call_analysis: { call_summary: 'Asked about a warranty.' } });
    const { id } = (await app.db.query('select id from call_logs where retell_call_id = $1', ['call_one_1'])).rows[0];
    const one = await owner.agent.get(`/api/call-logs/${id}`).expect(200);
    expect(one.body).toMatchObject({ id, call_type: 'call', brand: 'IronJack', call_summary: 'Asked about a warranty.' });
    const stranger = await registerOwner(app);
    expect((await stranger.agent.get(`/api/call-logs/${id}`).expect(404)).body.error).toBe('Call log not found');
  });

  it('streams the audio through the app, whole and by Range, from the URL Retell’s API gives', async () => {
    retell.recordings.set('fresh.wav', AUDIO);
    // The webhook's URL has expired since; Retell's API answers the current one.
    retell.calls.set('call_range_1', { call_id: 'call_range_1', recording_url: `${retell.url}/recordings/fresh.wav` });
    await agentCall('call_range_1', { recording_url: `${retell.url}/recordings/expired.wav` });
    const call = await listed('call_range_1');

    const whole = await owner.agent.get(call.recording_url).buffer(true).parse(binary as never).expect(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(whole.body as Buffer, AUDIO)).toBe(0);

    const part = await owner.agent.get(call.recording_url).set('Range', 'bytes=1000-1999').buffer(true).parse(binary as never).expect(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/4000');
    expect(part.headers['content-length']).toBe('1000');
    expect(Buffer.compare(part.body as Buffer, AUDIO.subarray(1000, 2000))).toBe(0);

    expect(retell.requests.some((r) => r.path === '/v2/get-call/call_range_1' && r.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it('answers 404 when Retell no longer has the call, and to another organization', async () => {
    await agentCall('call_gone_1', { recording_url: `${retell.url}/recordings/none.wav` });
    const call = await listed('call_gone_1');
    const gone = await owner.agent.get(call.recording_url).expect(404);
    expect(gone.body.error).toBe('Recording not found at Retell');

    const stranger = await registerOwner(app);
    await stranger.agent.get(call.recording_url).expect(404);
  });

  it('has no recording URL while Retell has sent none', async () => {
    await agentCall('call_no_audio_1', {});
    const call = await listed('call_no_audio_1');
    expect(call.recording_url).toBeNull();
    expect((await owner.agent.get(`/api/call-logs/${call.id}/recording`).expect(404)).body.error).toBe('This call has no recording');
  });
});

/** supertest's parser for a binary body: the bytes as one Buffer. */
function binary(res: NodeJS.ReadableStream, done: (err: Error | null, body: unknown) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('the inquiry_received notification of an AI-agent call', () => {
  async function inquiries(callLogId: string) {
    return (await app.db.query(`select * from notifications where type = 'inquiry_received' and related_entity_id = $1`, [callLogId])).rows;
  }
  async function pendingNotificationJobs(): Promise<number> {
    const rows = await app.db.query(
      `select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier like 'event:agent_call.ended:%'`,
    );
    return rows.rows[0].n;
  }

  it('reaches the owner once when the call ends, linking the call, however often Retell reports the end', async () => {
    await agentCall('call_notify_1', { duration_ms: undefined }, 'call_started');
    const { id } = (await app.db.query('select id from call_logs where retell_call_id = $1', ['call_notify_1'])).rows[0];
    await Promise.all([agentCall('call_notify_1', {}, 'call_ended'), agentCall('call_notify_1', {}, 'call_ended')]);
    await agentCall('call_notify_1', { call_analysis: { call_summary: 'Asked about shipping.' } });

    await eventually('the inquiry notification arrived', async () => (await inquiries(id)).length > 0);
    await eventually('no agent-call notification job left', async () => (await pendingNotificationJobs()) === 0);
    const [notification, ...more] = await inquiries(id);
    expect(more).toHaveLength(0);
    expect(notification).toMatchObject({ user_id: owner.user.id, related_entity_type: 'call_log', related_entity_id: id });
  });
});
