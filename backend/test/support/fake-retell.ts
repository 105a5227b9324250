import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRetellRequest {
  method: string;
  path: string;
  authorization: string | undefined;
}

/** A stand-in for Retell's REST API on 127.0.0.1, reached through the real retell-sdk (RETELL_API_BASE_URL). */
export interface FakeRetell {
  url: string;
  /** Keys Retell accepts. */
  apiKeys: Set<string>;
  /** Agents by id, as GET /get-agent/{id} answers them. */
  agents: Map<string, Record<string, unknown>>;
  requests: FakeRetellRequest[];
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeRetell(): Promise<FakeRetell> {
  const fake: Omit<FakeRetell, 'url' | 'close'> = { apiKeys: new Set(), agents: new Map(), requests: [] };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    fake.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization });
    const key = req.headers.authorization?.replace(/^Bearer /, '');
    if (!key || !fake.apiKeys.has(key)) return json(res, 401, { status: 'error', message: 'Invalid API key' });
    const agent = /^\/get-agent\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && agent) {
      const found = fake.agents.get(decodeURIComponent(agent[1]!));
      return found ? json(res, 200, found) : json(res, 404, { status: 'error', message: 'Agent not found' });
    }
    json(res, 404, { status: 'error', message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
