import type { Request, Response } from 'express';

export interface PresignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the upload must send as signed (the browser adds Content-Length itself). */
  headers: Record<string, string>;
}

/** Where uploaded bytes live: local disk (default) or an S3-compatible bucket. */
export interface StorageDriver {
  /** A URL that accepts exactly one PUT of `size` bytes of `contentType` at `key` until it expires. */
  presignUpload(key: string, contentType: string, size: number, ttlSeconds: number): Promise<PresignedUpload>;
  /** An absolute URL anyone holding it can GET until it expires (Twilio's <Play>). */
  presignDownload(key: string, ttlSeconds: number): Promise<string>;
  exists(key: string): Promise<boolean>;
  /** Streams the object as the response, honouring a Range header; 404 when it is missing. */
  send(key: string, contentType: string, req: Request, res: Response): Promise<void>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
}

export const STORAGE_DRIVER = Symbol('STORAGE_DRIVER');

/** Upload URLs live long enough for a slow 5 MB upload and its retries, and no longer. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
