import { expect, test, type Page } from '@playwright/test';
import { sign } from 'retell-sdk';
import { toneWav } from '../../backend/src/dev/fake-twilio/wav.js';
import { type FakeRetell, startFakeRetell } from './fixtures.js';
import { phoneOrganization, simulateVoicemail } from './phone-support.js';
import { FAKE_RETELL_PORT, FAKE_TWILIO_URL } from './ports.js';
import { openSection, saveScreenshot } from './support.js';

const RETELL_KEY = 'key_e2e_retell_0123456789';

/** An AI-agent call as Retell reports it, signed with the organization's key. */
async function agentCall(page: Page, webhookId: string, callId: string, extra: Record<string, unknown>) {
  const raw = JSON.stringify({
    event: 'call_analyzed',
    call: { call_id: callId, agent_id: 'agent_e2e', call_type: 'phone_call', from_number: '+15125550188', to_number: '+15125550199', start_timestamp: Date.now() - 60_000, duration_ms: 4_000, ...extra },
  });
  const res = await page.request.post(`/api/webhooks/retell/${webhookId}`, { headers: { 'Content-Type': 'application/json', 'x-retell-signature': await sign(raw, RETELL_KEY) }, data: raw });
  expect(res.status()).toBe(204);
}

test.describe('AI-agent calls', () => {
  // one fake Retell on its fixed port: these tests run one after another in one worker
  test.describe.configure({ mode: 'default' });
  let retell: FakeRetell;
  test.beforeAll(async () => {
    retell = await startFakeRetell(FAKE_RETELL_PORT);
    retell.apiKeys.add(RETELL_KEY);
  });
  test.afterAll(async () => retell?.close());

  test('an AI-agent call plays and downloads through the app, and shows Retell’s summary', async ({ page }, testInfo) => {
    await phoneOrganization(page);
    expect((await page.request.put('/api/settings', { data: { retell_api_key: RETELL_KEY } })).status()).toBe(200);
    const hook = await page.request.post('/api/webhooks', { data: { name: 'Acme line', brand: 'Acme' } });
    expect(hook.status()).toBe(201);
    const webhookId = (await hook.json()).id as string;
    const callId = `call_e2e_${Date.now()}`;
    retell.recordings.set(`${callId}.wav`, toneWav(4));
    retell.calls.set(callId, { call_id: callId, recording_url: `${retell.url}/recordings/${callId}.wav` });
    await agentCall(page, webhookId, callId, {
      recording_url: `${retell.url}/recordings/${callId}.wav`,
      transcript: 'Agent: Hello\nUser: My jack leaks.',
      call_analysis: { call_summary: 'Caller reports a leaking floor jack and wants a replacement.' },
    });

    await page.goto('/phone-system');
    // the organization's only call (an agent call is listed by the number the caller reached)
    await page.getByTestId('call-row').first().click();
    await expect(page.getByTestId('call-summary')).toHaveText('Caller reports a leaking floor jack and wants a replacement.');
    await expect(page.getByTestId('recording-ready')).toBeVisible();
    const audio = page.getByTestId('recording-audio');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(3);
    await audio.evaluate(async (a: HTMLAudioElement) => { a.muted = true; await a.play(); });
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);
    await saveScreenshot(page, 'phone-system-agent-call', testInfo);

    // Download is the app's own audio URL, which answers Range.
    const href = await page.getByTestId('recording-download').getAttribute('href');
    expect(href).toMatch(/^\/api\/call-logs\/[0-9a-f-]{36}\/recording$/);
    const part = await page.request.get(href!, { headers: { Range: 'bytes=0-99' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect((await part.body()).subarray(0, 4).toString()).toBe('RIFF');
  });
});

test('a voicemail notification opens that call in the Phone System, from the bell and from its card', async ({ page }) => {
  test.setTimeout(120_000);
  const { numbers } = await phoneOrganization(page, { buy: 1 });
  // Two voicemails: the notification's is not the newest, so the list alone would not open it.
  await simulateVoicemail(numbers[0], '+15125550131', 3, 'First caller about a leaking jack');
  await simulateVoicemail(numbers[0], '+15125550132', 3, 'Second caller about a stand');

  await expect.poll(async () => JSON.stringify(await (await page.request.get('/api/notifications')).json()), { timeout: 30_000 })
    .toContain('New voicemail from +15125550131');
  // from the bell
  await page.goto('/');
  await page.getByTestId('notification-bell').click();
  await page.getByTestId('notification-item').filter({ hasText: 'New voicemail from +15125550131' }).click();
  await expect(page).toHaveURL(/\/phone-system\?call=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('call-detail-caller')).toHaveText('+15125550131');
  await expect(page.getByTestId('call-transcription')).toHaveText('First caller about a leaking jack');

  // and from its card on /notifications
  await page.goto('/notifications');
  const card = page.getByTestId('notification-card').filter({ hasText: 'New voicemail from +15125550131' });
  await card.getByRole('button', { expanded: false }).click();
  await card.getByRole('link', { name: 'Open call' }).click();
  await expect(page).toHaveURL(/\/phone-system\?call=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('call-detail-caller')).toHaveText('+15125550131');
  await expect(page.getByTestId('call-transcription')).toHaveText('First caller about a leaking jack');
});

test('Phone Setup shows the A2P status Twilio reports, with the reason of a failed registration', async ({ page }, testInfo) => {
  const { account } = await phoneOrganization(page);
  const set = await page.request.post(`${FAKE_TWILIO_URL}/_fake/brand-registrations`, {
    data: { accountSid: account.sid, status: 'FAILED', failureReason: 'The EIN does not match the business legal name' },
  });
  expect(set.status()).toBe(200);

  await page.goto('/settings');
  await openSection(page, 'Phone Setup');
  await expect(page.getByTestId('a2p-status')).toHaveText('Not Started');
  await page.getByTestId('a2p-check').click();
  await expect(page.getByTestId('a2p-status')).toHaveText('Registration Failed');
  await expect(page.getByTestId('a2p-failure-reason')).toContainText('Twilio rejected the A2P registration: The EIN does not match the business legal name');
  await saveScreenshot(page, 'settings-a2p-failed', testInfo);

  // approved at Twilio: the next read says so and the reason goes
  await page.request.post(`${FAKE_TWILIO_URL}/_fake/brand-registrations`, { data: { accountSid: account.sid, status: 'APPROVED' } });
  await page.getByTestId('a2p-check').click();
  await expect(page.getByTestId('a2p-status')).toHaveText('Approved');
  await expect(page.getByTestId('a2p-failure-reason')).toHaveCount(0);
});
