import type { Response } from 'express';
import { writeStreamed } from '../../common/http/streamed-response.js';
import type { ObjectResponse } from './drivers/storage-driver.js';

/** Writes an object's answer as the storage service describes it (the HTTP side of reading a file). */
export async function sendObjectResponse(res: Response, answer: ObjectResponse): Promise<void> {
  if (answer.kind === 'stream') return writeStreamed(res, answer);
  await new Promise<void>((done, fail) => {
    // send() honours Range and conditional requests; the stored type wins over the extension's.
    // Dot segments are allowed: the default DATA_DIR is .data (keys themselves never hold one).
    res.sendFile(answer.file, { headers: { 'Content-Type': answer.contentType }, cacheControl: false, lastModified: true, dotfiles: 'allow' }, (error) =>
      error && !res.headersSent ? fail(error) : done(),
    );
  });
}
