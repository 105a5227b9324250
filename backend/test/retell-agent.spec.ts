import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerOwner, type SignedIn } from './factories/users.js';
import { type FakeRetell, startFakeRetell } from './support/fake-retell.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let retell: FakeRetell;
let owner: SignedIn;
const KEY = 'key_agent_check_123456';

beforeAll(async () => {
  retell = await startFakeRetell();
  app = await startTestApp({ RETELL_API_BASE_URL: retell.url, PUBLIC_BASE_URL: 'https://crm.example.com' });
  owner = await registerOwner(app);
});
afterAll(async () => {
  await app.close();
  await retell.close();
});

describe('GET /api/settings/retell-agent', () => {
  it('asks for the key and agent first', async () => {
    const res = await owner.agent.get('/api/settings/retell-agent').expect(400);
    expect(res.body.error).toBe('Save the Retell API key and agent ID first');
    expect(retell.requests).toHaveLength(0);
  });

  it("finds the agent through the SDK with the organization's key and names the brand webhook it calls", async () => {
    const hook = (await owner.agent.post('/api/webhooks').send({ name: 'IronJack line', brand: 'IronJack' }).expect(201)).body;
    retell.apiKeys.add(KEY);
    retell.agents.set('agent_777', { agent_id: 'agent_777', agent_name: 'Warranty desk', webhook_url: hook.retell_webhook_url });
    await owner.agent.put('/api/settings').send({ retell_api_key: KEY, retell_agent_id: 'agent_777' }).expect(200);

    const res = await owner.agent.get('/api/settings/retell-agent').expect(200);
    expect(res.body).toEqual({
      agent_id: 'agent_777',
      agent_name: 'Warranty desk',
      webhook_url: `https://crm.example.com/api/webhooks/retell/${hook.id}`,
      webhook: { id: hook.id, name: 'IronJack line', brand: 'IronJack' },
    });
    expect(retell.requests.at(-1)).toEqual({ method: 'GET', path: '/get-agent/agent_777', authorization: `Bearer ${KEY}` });
    expect(JSON.stringify(res.body)).not.toContain(KEY);
  });

  it('reports an agent whose webhook is none of ours', async () => {
    retell.agents.set('agent_777', { agent_id: 'agent_777', agent_name: 'Warranty desk', webhook_url: 'https://elsewhere.example/hook' });
    const res = await owner.agent.get('/api/settings/retell-agent').expect(200);
    expect(res.body).toMatchObject({ webhook_url: 'https://elsewhere.example/hook', webhook: null });
  });

  it('says when Retell rejects the key or has no such agent', async () => {
    await owner.agent.put('/api/settings').send({ retell_agent_id: 'agent_missing' }).expect(200);
    const missing = await owner.agent.get('/api/settings/retell-agent').expect(400);
    expect(missing.body.error).toBe('Retell has no agent agent_missing');

    await owner.agent.put('/api/settings').send({ retell_api_key: 'key_revoked_000000', retell_agent_id: 'agent_777' }).expect(200);
    const rejected = await owner.agent.get('/api/settings/retell-agent').expect(400);
    expect(rejected.body.error).toBe('Retell rejected the API key');
  });

  it("uses only the signed-in organization's settings", async () => {
    const other = await registerOwner(app);
    const res = await other.agent.get('/api/settings/retell-agent').expect(400);
    expect(res.body.error).toBe('Save the Retell API key and agent ID first');
  });

  it('answers 502 when Retell cannot be reached', async () => {
    await owner.agent.put('/api/settings').send({ retell_api_key: KEY }).expect(200);
    await retell.close();
    const res = await owner.agent.get('/api/settings/retell-agent').expect(502);
    expect(res.body.error).toBe('Could not reach Retell. Please try again.');
  });
});
