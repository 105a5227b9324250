import { Readable } from 'node:stream';
import type { MediaResponse } from '../twilio/base-url-request-client.js';

const TIMEOUT_MS = 15_000;

/**
 * GETs a provider's media file (an AI-agent call's recording at Retell's storage) with a `Range`
 * passed on, following redirects on the server, and answers whatever status the provider gives.
 */
export async function fetchMedia(url: string, range?: string): Promise<MediaResponse> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`Unsupported media URL scheme ${parsed.protocol}`);
  const response = await fetch(parsed, { headers: range ? { Range: range } : {}, redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
  const headers: Record<string, string | undefined> = {};
  for (const name of ['content-type', 'content-length', 'content-range', 'accept-ranges']) headers[name] = response.headers.get(name) ?? undefined;
  const body = response.body ? Readable.fromWeb(response.body as import('node:stream/web').ReadableStream) : Readable.from([]);
  return { status: response.status, headers, body };
}
