import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { S3Config } from '../../../config/config.js';
import { ObjectNotFoundError, RangeNotSatisfiableError } from '../storage.errors.js';
import type { ObjectResponse, PresignedUpload, StorageDriver } from './storage-driver.js';

/** Objects in an S3-compatible bucket: the browser PUTs straight to it with a presigned URL. */
export class S3Driver implements StorageDriver {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // The SDK would otherwise add CRC32 checksum parameters to presigned PUTs that a browser
      // cannot compute; checksums only where the operation requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async presignUpload(key: string, contentType: string, size: number, ttlSeconds: number): Promise<PresignedUpload> {
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ContentLength: size });
    // Content-Length is signed by default; Content-Type only when asked for, and we want both bound.
    const url = await getSignedUrl(this.client, command, { expiresIn: ttlSeconds, signableHeaders: new Set(['content-type']) });
    return { url, method: 'PUT', headers: { 'Content-Type': contentType } };
  }

  presignDownload(key: string, ttlSeconds: number): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: ttlSeconds });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async open(key: string, contentType: string, range: string | undefined): Promise<ObjectResponse> {
    let object;
    try {
      object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range }));
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError();
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
        throw new RangeNotSatisfiableError();
      }
      throw error;
    }
    const headers: Record<string, string> = { 'Content-Type': contentType, 'Accept-Ranges': 'bytes' };
    if (object.ContentLength !== undefined) headers['Content-Length'] = String(object.ContentLength);
    if (object.ContentRange) headers['Content-Range'] = object.ContentRange;
    if (object.ETag) headers.ETag = object.ETag;
    if (object.LastModified) headers['Last-Modified'] = object.LastModified.toUTCString();
    return { kind: 'stream', status: object.ContentRange ? 206 : 200, headers, body: object.Body as Readable };
  }

  async putStream(key: string, body: Readable, size: number, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: size, ContentType: contentType }));
  }

  async read(key: string, length?: number): Promise<Buffer> {
    try {
      const range = length === undefined ? undefined : `bytes=0-${Math.max(length - 1, 0)}`;
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError();
      throw error;
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}
