import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ObjectNotFoundError } from '../storage.errors.js';
import type { UrlSigner } from '../url-signer.js';
import type { ObjectResponse, PresignedUpload, StorageDriver } from './storage-driver.js';

/** The app's own route for signed local-disk URLs (under the API prefix, no session needed). */
export const LOCAL_STORAGE_ROUTE = '/api/storage/';

/**
 * Objects as files under DATA_DIR/objects. Upload and download URLs point at the app's own storage
 * route and carry an HMAC signature (see UrlSigner) that the route checks.
 */
export class LocalDiskDriver implements StorageDriver {
  readonly root: string;

  constructor(
    dataDir: string,
    readonly signer: UrlSigner,
    private readonly publicBaseUrl: string,
  ) {
    this.root = resolve(dataDir, 'objects');
  }

  /** The file of a key, never outside the root (keys come from URLs). */
  fileOf(key: string): string {
    const file = resolve(this.root, this.checkedKey(key));
    if (!file.startsWith(this.root + sep)) throw new ObjectNotFoundError();
    return file;
  }

  /** Only keys this app issues: `uploads/<organization>/<name>` or `generated/<organization>/<name>`, no dot segments. */
  checkedKey(key: string): string {
    if (!/^(uploads|generated)\/[0-9a-f-]{36}\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key)) throw new ObjectNotFoundError();
    return key;
  }

  /** A same-origin path: the browser that asked for it PUTs to the app it is talking to. */
  async presignUpload(key: string, contentType: string, size: number, ttlSeconds: number): Promise<PresignedUpload> {
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    const signature = this.signer.sign({ method: 'PUT', key, expires, contentType, size });
    return { url: `${LOCAL_STORAGE_ROUTE}${encodeKey(key)}?expires=${expires}&signature=${signature}`, method: 'PUT', headers: { 'Content-Type': contentType } };
  }

  async presignDownload(key: string, ttlSeconds: number): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    const signature = this.signer.sign({ method: 'GET', key, expires });
    return `${this.publicBaseUrl}${LOCAL_STORAGE_ROUTE}${encodeKey(key)}?expires=${expires}&signature=${signature}`;
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.fileOf(key)).then((s) => s.isFile(), () => false);
  }

  /**
   * Streams the request body to a temporary file and moves it into place only when exactly `size`
   * bytes arrived, so a broken upload never leaves a partial object behind.
   */
  async write(key: string, body: Readable, size: number): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(dirname(file), { recursive: true });
    const temporary = join(dirname(file), `.${randomUUID()}.part`);
    let received = 0;
    body.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > size) body.destroy(new Error('More bytes than signed'));
    });
    try {
      await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
      if (received !== size) throw new Error('Fewer bytes than signed');
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  putStream(key: string, body: Readable, size: number, _contentType: string): Promise<void> {
    return this.write(key, body, size);
  }

  /** The file itself: the controller sends it (Range and conditional requests included). */
  async open(key: string, contentType: string, _range: string | undefined): Promise<ObjectResponse> {
    const file = this.fileOf(key);
    if (!(await this.exists(key))) throw new ObjectNotFoundError();
    return { kind: 'file', file, contentType };
  }

  async read(key: string, length?: number): Promise<Buffer> {
    const file = this.fileOf(key);
    if (!(await this.exists(key))) throw new ObjectNotFoundError();
    if (length === undefined) return readFile(file);
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    await this.write(key, Readable.from([bytes]), bytes.length);
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }
}

function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
