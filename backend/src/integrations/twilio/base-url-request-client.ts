import type { Readable } from 'node:stream';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';

export interface MediaResponse {
  status: number;
  headers: Record<string, string | undefined>;
  body: Readable;
}

/**
 * The SDK's own HTTP client, pointed at another origin when `TWILIO_API_BASE_URL` is set (a fake
 * Twilio on 127.0.0.1 in tests and `npm run fake:twilio`). Twilio's paths, query and Basic auth are
 * kept; only the scheme, host and port of every request change.
 */
export class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string | undefined,
    options: ConstructorParameters<typeof twilio.RequestClient>[0] = {},
  ) {
    super(options);
  }

  /** Where a Twilio URL really goes. */
  rewrite(uri: string): string {
    if (!this.baseUrl) return uri;
    const original = new URL(uri);
    return new URL(`${original.pathname}${original.search}`, this.baseUrl).toString();
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    // Never the SDK's debug log (TWILIO_LOG_LEVEL=debug): it prints every request's parameters
    // (the customer's To and From, a text's Body) to stdout, past the app's redacting logger.
    return super.request<TData>({ ...opts, uri: this.rewrite(opts.uri), logLevel: undefined });
  }

  /**
   * Streams a media file (a recording) with the account's credentials, passing a `Range` header on
   * and answering whatever status the provider gives (200, 206, 416, 404 ...). Redirects to the
   * provider's storage are followed here, on the server; the credentials never reach a browser.
   */
  async media(uri: string, credentials: { username: string; password: string }, range?: string): Promise<MediaResponse> {
    const headers: Record<string, string> = {
      Authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
    };
    if (range) headers.Range = range;
    const response = await this.axios.request<Readable>({
      url: this.rewrite(uri),
      method: 'GET',
      headers,
      responseType: 'stream',
      maxRedirects: 5,
      timeout: this.defaultTimeout,
      proxy: false,
      validateStatus: () => true,
    });
    const out: Record<string, string | undefined> = {};
    for (const name of ['content-type', 'content-length', 'content-range', 'accept-ranges']) {
      const value = response.headers[name];
      out[name] = value === undefined || value === null ? undefined : String(value);
    }
    return { status: response.status, headers: out, body: response.data };
  }
}
