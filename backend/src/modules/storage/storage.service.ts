import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Actor } from '../../common/auth/actor.js';
import { ValidationFailedException } from '../../common/errors/app-exception.js';
import { ScheduledTask } from '../../common/jobs/job-decorators.js';
import { TENANT_FILTER } from '../../common/tenancy/tenant-filter.js';
import { TenantRunner } from '../../common/tenancy/tenant-runner.js';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import type { CreateUploadDto, UploadParametersDto } from './dto/upload.dto.js';
import { LocalDiskDriver } from './drivers/local-disk.driver.js';
import { type ObjectResponse, STORAGE_DRIVER, type StorageDriver, UPLOAD_URL_TTL_SECONDS } from './drivers/storage-driver.js';
import {
  ContentLengthRequiredError,
  ObjectNotFoundError,
  SignedUrlExpiredError,
  SignedUrlInvalidError,
  UPLOAD_NOT_FOUND,
  UploadInterruptedError,
  UploadNotFoundError,
} from './storage.errors.js';
import { OBJECT_PATH_PREFIX, storageKeyOf, Upload } from './upload.entity.js';
import { contentTypeOfName, policyViolation, safeFileName, type StoredPurpose, type UploadPurpose } from './upload-policy.js';
import type { SignedRequest, UrlSigner } from './url-signer.js';

/** The query of a signed local-storage URL. */
export interface SignedQuery {
  expires?: string;
  signature?: string;
}

/** A signed upload as the controller reads it off the request: its headers and its body. */
export interface SignedUpload {
  contentLength: string | undefined;
  contentType: string | undefined;
  body: Readable;
}

export { UPLOAD_NOT_FOUND };

/** How long an upload may wait for a setting to claim it before the clean-up removes it. */
export const ORPHAN_AGE_MS = 24 * 3600 * 1000;

/** One clean-up run visits at most this many organizations (the next hour takes the rest). */
const ORGANIZATIONS_PER_RUN = 200;

/**
 * Uploads straight to storage: issues signed upload URLs under a purpose's policy, serves an
 * organization's objects, mints signed download URLs for providers, and tracks which uploads a
 * setting has claimed so abandoned ones can be removed.
 */
@Injectable()
export class StorageService {
  private readonly logger = new Logger(StorageService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly tenants: TenantRunner,
    @Inject(STORAGE_DRIVER) private readonly driver: StorageDriver,
  ) {}

  async createUpload(actor: Actor, dto: CreateUploadDto): Promise<UploadParametersDto> {
    const purpose = dto.purpose ?? 'greeting_audio';
    const violation = policyViolation({ purpose, filename: dto.filename, type: dto.type, size: dto.size });
    if (violation) throw new ValidationFailedException([violation]);
    const contentType = dto.type.toLowerCase();
    const key = `uploads/${actor.organizationId}/${randomUUID()}-${safeFileName(dto.filename)}`;
    const presigned = await this.driver.presignUpload(key, contentType, dto.size, UPLOAD_URL_TTL_SECONDS);
    const objectPath = OBJECT_PATH_PREFIX + key;
    this.em.create(Upload, { organization: actor.organizationId, objectPath, purpose, fileName: dto.filename, contentType, size: dto.size });
    await this.em.flush();
    return { uploadURL: presigned.url, method: presigned.method, headers: presigned.headers, objectPath };
  }

  /**
   * An object of the actor's organization (the tenant filter makes another's a 404), as the answer
   * to a GET with this Range header; the controller sends it.
   */
  async readObject(objectPath: string, range: string | undefined): Promise<ObjectResponse> {
    // A NUL or a "." / ".." segment is no stored path (keys are URL-safe): a 404 without a query.
    if (!isObjectPath(objectPath)) throw new ObjectNotFoundError();
    const upload = await this.em.getRepository(Upload).byObjectPath(objectPath);
    if (!upload) throw new ObjectNotFoundError();
    return this.driver.open(storageKeyOf(objectPath), upload.contentType, range);
  }

  /**
   * Stores a file the server made (an export) under `generated/<organization>/<name>` and returns
   * its key; the caller keeps the key and reads it back with openGenerated.
   */
  async storeGenerated(organizationId: string, name: string, file: string, contentType: string): Promise<string> {
    const key = `generated/${organizationId}/${name}`;
    const { size } = await stat(file);
    await this.driver.putStream(key, createReadStream(file), size, contentType);
    return key;
  }

  /** A generated file, as the answer to a GET with this Range header. */
  openGenerated(key: string, contentType: string, range: string | undefined): Promise<ObjectResponse> {
    if (!key.startsWith('generated/')) throw new ObjectNotFoundError();
    return this.driver.open(key, contentType, range);
  }

  /** Removes a generated file (a missing one is not an error). */
  removeGenerated(key: string): Promise<void> {
    if (!key.startsWith('generated/')) throw new Error(`Not a generated file: ${key}`);
    return this.driver.delete(key);
  }

  /**
   * An absolute URL that reads the object without a session until it expires, for a provider
   * such as Twilio's <Play>. Never a public bucket: the URL is the only key.
   */
  signedReadUrl(objectPath: string, ttlSeconds: number): Promise<string> {
    if (!objectPath.startsWith(`${OBJECT_PATH_PREFIX}uploads/`)) throw new Error(`Not an object path: ${objectPath}`);
    return this.driver.presignDownload(storageKeyOf(objectPath), ttlSeconds);
  }

  /**
   * Marks an upload as used by a setting (the greeting's audio), so the clean-up keeps it. Pass the
   * EntityManager of the caller's transaction to make it part of the save. Refuses a path of
   * another organization, one never issued, or one whose bytes never arrived.
   */
  async claim(organizationId: string, objectPath: string, em: EntityManager = this.em): Promise<void> {
    if (!objectPath.startsWith(`${OBJECT_PATH_PREFIX}uploads/${organizationId}/`)) throw new UploadNotFoundError();
    if (!(await this.driver.exists(storageKeyOf(objectPath)))) throw new UploadNotFoundError();
    const claimed = await em.nativeUpdate(
      Upload,
      { organization: organizationId, objectPath },
      { claimedAt: new Date() },
      { filters: { [TENANT_FILTER]: { organizationId } } },
    );
    if (!claimed) throw new UploadNotFoundError();
  }

  /**
   * An upload of `purpose` not claimed yet, with the first `headBytes` of what arrived, so the
   * caller can check the file by its bytes before it accepts it. Refuses a path of another
   * organization, one never issued (or issued for another purpose), and one whose bytes never arrived.
   */
  async inspectUpload(
    organizationId: string,
    objectPath: string,
    purpose: UploadPurpose,
    headBytes: number,
    em: EntityManager = this.em,
  ): Promise<{ fileName: string; contentType: string; size: number; head: Buffer }> {
    if (!isObjectPath(objectPath) || !objectPath.startsWith(`${OBJECT_PATH_PREFIX}uploads/${organizationId}/`)) throw new UploadNotFoundError();
    const upload = await em.getRepository(Upload).unclaimed(organizationId, objectPath, purpose);
    if (!upload) throw new UploadNotFoundError();
    const head = await this.driver.read(storageKeyOf(objectPath), headBytes).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) throw new UploadNotFoundError();
      throw error;
    });
    return { fileName: upload.fileName, contentType: upload.contentType, size: upload.size, head };
  }

  /** All the bytes of an object of the organization (a job's input, e.g. a thumbnail's source). */
  async readBytes(organizationId: string, objectPath: string): Promise<Buffer> {
    if (!objectPath.startsWith(`${OBJECT_PATH_PREFIX}uploads/${organizationId}/`)) throw new ObjectNotFoundError();
    return this.driver.read(storageKeyOf(objectPath));
  }

  /**
   * Stores bytes the server made or received (a thumbnail, an e-mail's attachment) as a claimed
   * upload of the organization, in em's transaction (scoped to the organization); answers its object
   * path, which the clean-up leaves and `GET /objects/uploads/...` serves to the organization's users.
   * The key is random unless `name` is given: the same name again replaces the bytes and the row (a
   * redelivered e-mail writes the same object). The bytes are written first: a rolled-back
   * transaction leaves them without a row.
   */
  async store(
    em: EntityManager,
    organizationId: string,
    file: { filename: string; contentType: string; bytes: Buffer; purpose: StoredPurpose; name?: string },
  ): Promise<string> {
    const key = `uploads/${organizationId}/${file.name ? safeFileName(file.name) : `${randomUUID()}-${safeFileName(file.filename)}`}`;
    const objectPath = OBJECT_PATH_PREFIX + key;
    const contentType = file.contentType.toLowerCase().slice(0, 100);
    await this.driver.put(key, file.bytes, contentType);
    await tenantSql(em).execute(
      `insert into uploads (organization_id, object_path, purpose, file_name, content_type, size, claimed_at) values (@tenant_id, ?, ?, ?, ?, ?, now())
       on conflict (object_path) do update set size = excluded.size, content_type = excluded.content_type, claimed_at = now()`,
      [objectPath, file.purpose, file.filename.slice(0, 255), contentType, file.bytes.length],
      'run',
    );
    return objectPath;
  }

  /** An object of the organization served as `contentType`, as the answer to a GET with this Range header. */
  async openObject(organizationId: string, objectPath: string, contentType: string, range: string | undefined): Promise<ObjectResponse> {
    if (!isObjectPath(objectPath) || !objectPath.startsWith(`${OBJECT_PATH_PREFIX}uploads/${organizationId}/`)) throw new ObjectNotFoundError();
    return this.driver.open(storageKeyOf(objectPath), contentType, range);
  }

  /** Deletes an upload a setting no longer uses (a replaced greeting), bytes first. */
  async remove(organizationId: string, objectPath: string, em: EntityManager = this.em): Promise<void> {
    if (!objectPath.startsWith(`${OBJECT_PATH_PREFIX}uploads/${organizationId}/`)) return;
    await this.driver.delete(storageKeyOf(objectPath));
    await em.nativeDelete(Upload, { organization: organizationId, objectPath }, { filters: { [TENANT_FILTER]: { organizationId } } });
  }

  /**
   * Removes uploads no setting claimed within a day, bytes and row; hourly, once across instances.
   * Each row goes in its own transaction, deleted only if still unclaimed, and rolled back when its
   * bytes cannot be deleted: a claim racing the clean-up either wins or finds the upload gone, and
   * nothing is left on storage untracked. Uploads that failed wait for the next run.
   */
  @ScheduledTask('storage.orphan-cleanup', '17 * * * *')
  async removeOrphans(now: Date = new Date()): Promise<number> {
    const orphaned = { claimedAt: null, createdAt: { $lt: new Date(now.getTime() - ORPHAN_AGE_MS) } };
    const failed: string[] = [];
    let removed = 0;
    for (let round = 0; round < ORGANIZATIONS_PER_RUN; round += 1) {
      const organizationId = await this.tenants.organizationOf(Upload, failed.length ? { ...orphaned, id: { $nin: failed } } : orphaned);
      if (!organizationId) break;
      const orphans = await this.tenants.run(organizationId, ({ em }) =>
        em.getRepository(Upload).idsAndPaths(failed.length ? { ...orphaned, id: { $nin: failed } } : orphaned, 500),
      );
      for (const orphan of orphans) {
        try {
          removed += await this.tenants.run(organizationId, async ({ em }) => {
            const deleted = await em.nativeDelete(Upload, { id: orphan.id, claimedAt: null });
            if (deleted) await this.driver.delete(storageKeyOf(orphan.objectPath));
            return deleted;
          });
        } catch (error) {
          failed.push(orphan.id);
          this.logger.warn(`Could not remove unclaimed upload ${orphan.objectPath}: ${(error as Error).message}`);
        }
      }
    }
    return removed;
  }

  // Signed URLs of the local driver, checked by the app's own storage route.

  async receiveSignedUpload(key: string, query: SignedQuery, upload: SignedUpload): Promise<void> {
    const { driver, signer } = this.local();
    const length = upload.contentLength;
    const size = Number(length);
    if (!length || !Number.isSafeInteger(size)) throw new ContentLengthRequiredError();
    const contentType = (upload.contentType ?? '').toLowerCase();
    checkSignature(signer, { method: 'PUT', key: driver.checkedKey(key), expires: Number(query.expires), contentType, size }, query.signature);
    try {
      await driver.write(key, upload.body, size);
    } catch (error) {
      this.logger.warn(`Upload to ${key} failed: ${(error as Error).message}`);
      throw new UploadInterruptedError();
    }
  }

  async readSigned(key: string, query: SignedQuery, range: string | undefined): Promise<ObjectResponse> {
    const { driver, signer } = this.local();
    checkSignature(signer, { method: 'GET', key: driver.checkedKey(key), expires: Number(query.expires) }, query.signature);
    return driver.open(key, contentTypeOfName(key), range);
  }

  private local(): { driver: LocalDiskDriver; signer: UrlSigner } {
    if (!(this.driver instanceof LocalDiskDriver)) throw new ObjectNotFoundError();
    return { driver: this.driver, signer: this.driver.signer };
  }
}

/** /objects/uploads/... without NUL and without "." or ".." segments. */
function isObjectPath(objectPath: string): boolean {
  if (!objectPath.startsWith(`${OBJECT_PATH_PREFIX}uploads/`) || objectPath.includes('\0')) return false;
  return objectPath.split('/').every((segment) => segment !== '.' && segment !== '..');
}

/** A tampered URL and an expired one both answer 403, as S3 does; the client asks for a new URL. */
function checkSignature(signer: UrlSigner, request: SignedRequest, signature: string | undefined): void {
  const result = Number.isSafeInteger(request.expires) && signature ? signer.check(request, signature) : 'invalid';
  if (result === 'expired') throw new SignedUrlExpiredError();
  if (result === 'invalid') throw new SignedUrlInvalidError();
}
