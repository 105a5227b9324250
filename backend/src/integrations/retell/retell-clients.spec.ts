import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../config/config.js';
import { RetellClients } from './retell-clients.js';

describe('RetellClients', () => {
  let server: Server;
  let clients: RetellClients;
  const saved = process.env.RETELL_LOG;

  beforeAll(async () => {
    // Retell's answer to GET /v2/get-call/{id}: a call with the caller's number and transcript.
    server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ call_id: 'call_1', from_number: '+15550009876', transcript: 'User: I am Zyxmarker Qwvperson' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    clients = new RetellClients(loadConfig({ NODE_ENV: 'test', APP_SECRET: 'x'.repeat(40), RETELL_API_BASE_URL: url }));
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.RETELL_LOG;
    else process.env.RETELL_LOG = saved;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("never writes the SDK's debug log of requests and answers (a call's numbers and transcript), even with RETELL_LOG=debug", async () => {
    process.env.RETELL_LOG = 'debug';
    const printed = (['debug', 'info', 'log'] as const).map((level) => jest.spyOn(console, level).mockImplementation(() => undefined));
    try {
      const call = await clients.forKey('key_zyxmarker_retell').call.retrieve('call_1');
      expect(call.call_id).toBe('call_1');
      for (const spy of printed) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of printed) spy.mockRestore();
    }
  });
});
