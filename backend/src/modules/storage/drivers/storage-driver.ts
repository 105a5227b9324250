import type { Readable } from 'node:stream';
import type { StreamedResponse } from '../../../common/http/streamed-response.js';

/**
 * How an object is answered, as a description the controller writes (drivers and services never
 * see Express): a local file, sent with Range, conditional-request and Last-Modified handling, or
 * a stream from elsewhere with its status and headers.
 */
export type ObjectResponse = { kind: 'file'; file: string; contentType: string } | ({ kind: 'stream' } & StreamedResponse);

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
  /** The object as the answer to a GET with this Range header (if any); 404 when it is missing. */
  open(key: string, contentType: string, range: string | undefined): Promise<ObjectResponse>;
  /** Stores a file the server made (an export, a thumbnail) at `key`: `size` bytes of `contentType` from `body`. */
  putStream(key: string, body: Readable, size: number, contentType: string): Promise<void>;
  /** The object's bytes, or its first `length` bytes (a type check reads only the head); 404 when it is missing. */
  read(key: string, length?: number): Promise<Buffer>;
  /** Stores bytes the server itself made or received (a thumbnail, an e-mail's attachment) at `key`, replacing any there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
}

export const STORAGE_DRIVER = Symbol('STORAGE_DRIVER');

/** Upload URLs live long enough for a slow 5 MB upload and its retries, and no longer. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
