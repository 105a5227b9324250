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
  /** Retell LLMs by id, as GET /get-retell-llm/{id} answers them; PATCH /update-retell-llm/{id} merges its body in. */
  llms: Map<string, Record<string, unknown>>;
  /** Calls by id, as GET /v2/get-call/{id} answers them. */
  calls: Map<string, Record<string, unknown>>;
  /** Audio files served without a key at `${url}/recordings/{name}` (honouring Range), as Retell's storage does. */
  recordings: Map<string, Buffer>;
  requests: FakeRetellRequest[];
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The file, whole (200) or the one `bytes=a-b` range asked for (206; 416 when past the end). */
function serveAudio(req: IncomingMessage, res: ServerResponse, audio: Buffer | undefined): void {
  if (!audio) return json(res, 404, { status: 'error', message: 'Not found' });
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (!range) {
    res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': audio.length, 'Accept-Ranges': 'bytes' });
    return void res.end(audio);
  }
  const start = range[1] ? Number(range[1]) : Math.max(0, audio.length - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), audio.length - 1) : audio.length - 1;
  if (start >= audio.length || start > end) {
    res.writeHead(416, { 'Content-Range': `bytes */${audio.length}` });
    return void res.end();
  }
  res.writeHead(206, { 'Content-Type': 'audio/wav', 'Content-Length': end - start + 1, 'Content-Range': `bytes ${start}-${end}/${audio.length}` });
  res.end(audio.subarray(start, end + 1));
}

/** On `port` (0: any free one); the e2e app is configured with a fixed one. */
export async function startFakeRetell(listenPort = 0): Promise<FakeRetell> {
  const fake: Omit<FakeRetell, 'url' | 'close'> = { apiKeys: new Set(), agents: new Map(), llms: new Map(), calls: new Map(), recordings: new Map(), requests: [] };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    fake.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization });
    const recording = /^\/recordings\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && recording) return serveAudio(req, res, fake.recordings.get(decodeURIComponent(recording[1]!)));
    const key = req.headers.authorization?.replace(/^Bearer /, '');
    if (!key || !fake.apiKeys.has(key)) return json(res, 401, { status: 'error', message: 'Invalid API key' });
    const agent = /^\/get-agent\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && agent) {
      const found = fake.agents.get(decodeURIComponent(agent[1]!));
      return found ? json(res, 200, found) : json(res, 404, { status: 'error', message: 'Agent not found' });
    }
    const llm = /^\/(get|update)-retell-llm\/([^/]+)$/.exec(path);
    if (llm) {
      const id = decodeURIComponent(llm[2]!);
      const found = fake.llms.get(id);
      if (!found) return json(res, 404, { status: 'error', message: 'LLM not found' });
      if (req.method === 'GET' && llm[1] === 'get') return json(res, 200, found);
      if (req.method === 'PATCH' && llm[1] === 'update') {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const next = { ...found, ...(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>) };
          fake.llms.set(id, next);
          json(res, 200, next);
        });
        return;
      }
    }
    const call = /^\/v2\/get-call\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && call) {
      const found = fake.calls.get(decodeURIComponent(call[1]!));
      return found ? json(res, 200, found) : json(res, 404, { status: 'error', message: 'Call not found' });
    }
    json(res, 404, { status: 'error', message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
