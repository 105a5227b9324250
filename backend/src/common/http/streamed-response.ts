import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A streamed answer as a service describes it (services never see Express): the status, the
 * headers in the order they are set, and the body. The controller writes it with `writeStreamed`.
 */
export interface StreamedResponse {
  status: number;
  headers: Record<string, string>;
  body: Readable;
}

/** Sets the status and headers, then pipes the body into the response (rejects when the pipe breaks). */
export async function writeStreamed(res: Response, streamed: StreamedResponse): Promise<void> {
  res.status(streamed.status);
  for (const [name, value] of Object.entries(streamed.headers)) res.setHeader(name, value);
  await pipeline(streamed.body, res);
}
