/** The benches' HTTP client: keep-alive requests to the app and its sign-in, on node:http alone. */
import http from 'node:http';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export function httpClient(base: URL, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });

  function request(target: URL, options: RequestOptions = {}): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, method: options.method ?? 'GET', headers: options.headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (options.body) req.end(options.body);
      else req.end();
    });
  }

  /** Signs in and returns the session cookie for the following requests. */
  async function signIn(username: string, password: string): Promise<string> {
    const res = await request(new URL('/api/login', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
    return (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  }

  return { request, signIn, destroy: () => agent.destroy() };
}
