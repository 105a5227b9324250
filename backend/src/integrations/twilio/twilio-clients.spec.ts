import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import twilio from 'twilio';
import type { Readable } from 'node:stream';
import { DOMAIN_ERROR_STATUS } from '../../common/errors/domain-error.js';
import { loadConfig } from '../../config/config.js';
import { FakeTwilio } from '../../dev/fake-twilio/fake-twilio.js';
import { BaseUrlRequestClient } from './base-url-request-client.js';
import { TwilioClients } from './twilio-clients.js';
import { providerFailure } from './twilio-errors.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('TwilioClients against the fake Twilio', () => {
  let fake: FakeTwilio;
  let clients: TwilioClients;

  beforeAll(async () => {
    fake = await FakeTwilio.start();
    clients = new TwilioClients(loadConfig({ NODE_ENV: 'test', APP_SECRET: 'x'.repeat(40), TWILIO_API_BASE_URL: fake.url }));
  });
  afterAll(() => fake.stop());

  it('sends the SDK request to TWILIO_API_BASE_URL with Twilio’s path and Basic auth', async () => {
    const account = fake.addAccount({ friendlyName: 'Acme' });
    const fetched = await clients.forAccount({ accountSid: account.sid, authToken: account.authToken }).api.v2010.accounts(account.sid).fetch();
    expect(fetched.friendlyName).toBe('Acme');
    const [request] = fake.received('GET', new RegExp(`/2010-04-01/Accounts/${account.sid}\\.json$`));
    expect(request.username).toBe(account.sid);
  });

  it("never writes the SDK's debug request log (it prints a request's To, From and Body), even when asked for it", async () => {
    const account = fake.addAccount({ friendlyName: 'Acme' });
    const client = twilio(account.sid, account.authToken, { httpClient: new BaseUrlRequestClient(fake.url), logLevel: 'debug' });
    const printed = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await client.api.v2010.accounts(account.sid).fetch();
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
    }
  });

  it('surfaces a wrong token as Twilio’s 401 and maps it to a 502 with the fallback text', async () => {
    const account = fake.addAccount();
    const error = await clients.forAccount({ accountSid: account.sid, authToken: 'wrong' }).api.v2010.accounts(account.sid).fetch().catch((e: unknown) => e);
    expect((error as { status: number }).status).toBe(401);
    const mapped = providerFailure('test', error, 'Failed to search numbers', { passMessage: true });
    expect(DOMAIN_ERROR_STATUS[mapped.kind]).toBe(502);
    expect(mapped.message).toBe('Authenticate');
    expect(providerFailure('test', error, 'Could not purchase phone number').message).toBe('Could not purchase phone number');
  });

  it('maps an unreachable Twilio and a Twilio 500 to the fallback text', async () => {
    const account = fake.addAccount();
    const client = clients.forAccount({ accountSid: account.sid, authToken: account.authToken });
    fake.failNext(2, 'unreachable');
    const dropped = await client.api.v2010.accounts(account.sid).fetch().catch((e: unknown) => e);
    expect(providerFailure('test', dropped, 'Failed to search numbers', { passMessage: true }).message).toBe('Failed to search numbers');
    fake.failNext(1, 'error');
    const failed = await client.api.v2010.accounts(account.sid).fetch().catch((e: unknown) => e);
    expect((failed as { status: number }).status).toBe(500);
    expect(providerFailure('test', failed, 'Failed to search numbers', { passMessage: true }).message).toBe('Failed to search numbers');
    fake.failNext(0);
  });

  it('streams a recording as a real WAV and honours Range', async () => {
    const account = fake.addAccount();
    const recording = fake.addRecording(account.sid, 'CA1', 2);
    const uri = `https://api.twilio.com/2010-04-01/Accounts/${account.sid}/Recordings/${recording.sid}.wav`;
    const whole = await clients.media({ accountSid: account.sid, authToken: account.authToken }, uri);
    expect(whole.status).toBe(200);
    const wav = await readAll(whole.body);
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(wav.length).toBe(44 + 2 * 8000 * 2);
    const part = await clients.media({ accountSid: account.sid, authToken: account.authToken }, uri, 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${wav.length}`);
    expect((await readAll(part.body)).equals(wav.subarray(100, 200))).toBe(true);
    const denied = await clients.media({ accountSid: account.sid, authToken: 'nope' }, uri);
    expect(denied.status).toBe(401);
    await readAll(denied.body);
  });

  it('routes one account to another origin (the phone simulation) and back, requests and media alike', async () => {
    const other = await FakeTwilio.start();
    try {
      const account = other.addAccount({ sid: fake.addAccount().sid, friendlyName: 'Simulated' });
      const recording = other.addRecording(account.sid, 'CA1', 1);
      clients.route(account.sid, other.url);
      const fetched = await clients.forAccount({ accountSid: account.sid, authToken: account.authToken }).api.v2010.accounts(account.sid).fetch();
      expect(fetched.friendlyName).toBe('Simulated');
      const uri = `https://api.twilio.com/2010-04-01/Accounts/${account.sid}/Recordings/${recording.sid}.wav`;
      const media = await clients.media({ accountSid: account.sid, authToken: account.authToken }, uri);
      expect(media.status).toBe(200);
      await readAll(media.body);
      expect(other.received('GET').map((r) => r.username)).toEqual([account.sid, account.sid]);

      clients.route(account.sid, null);
      fake.clearRequests();
      const back = await clients.forAccount({ accountSid: account.sid, authToken: 'x' }).api.v2010.accounts(account.sid).fetch().catch((e: unknown) => e);
      expect((back as { status: number }).status).toBe(401);
      expect(fake.received('GET').map((r) => r.username)).toEqual([account.sid]);
      expect(other.received('GET')).toHaveLength(2);
    } finally {
      await other.stop();
    }
  });
});
