import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import { EXPORT_TTL_HOURS } from '@warranty-crm/contract';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { type JobAttempt, JobHandler, ScheduledTask } from '../../common/jobs/job-decorators.js';
import type { JobPayload } from '../../common/jobs/jobs.js';
import { type TenantContext, TenantRunner } from '../../common/tenancy/tenant-runner.js';
import { NotificationFanOut } from '../notifications/fan-out.service.js';
import { StorageService } from '../storage/storage.service.js';
import { EXPORT_BATCH_ROWS, csvSourceOf, type ExportCursor } from './csv-rows.js';
import { readCustomerData, writeCustomerArchive } from './customer-archive.js';
import { DataExport } from './data-export.entity.js';
import { exportContentType } from './dto/export.dto.js';

export const EXPORT_TASK = 'exports.run';
export const EXPORT_ATTEMPTS = 3;
const EXPIRED_PER_RUN = 500;

export interface ExportJobPayload extends JobPayload {
  exportId: string;
}

/**
 * Runs an export as a durable job: the rows are read EXPORT_BATCH_ROWS at a time (keyset pages,
 * each its own short statement) and streamed through csv-stringify to a temporary file, so memory
 * stays flat whatever the count; progress is committed after each page for the screen's bar; the
 * file goes to storage, and the export is marked ready (and its requester notified) in the job's
 * own transaction. A crash reruns it from the start; the last failed attempt marks it failed.
 */
@Injectable()
export class ExportRunner {
  private readonly logger = new Logger('Exports');

  constructor(
    private readonly tenants: TenantRunner,
    private readonly storage: StorageService,
    private readonly fanOut: NotificationFanOut,
  ) {}

  @JobHandler(EXPORT_TASK, { maxAttempts: EXPORT_ATTEMPTS })
  async run(payload: ExportJobPayload, { em, organizationId }: TenantContext, { attempt, maxAttempts }: JobAttempt): Promise<void> {
    const record = await em.findOne(DataExport, { id: payload.exportId });
    if (!record || record.status === 'ready' || record.status === 'expired') return;
    const directory = await mkdtemp(join(tmpdir(), 'wcrm-export-'));
    try {
      const archive = record.kind === 'customer_data';
      const file = join(directory, archive ? 'export.tar.gz' : 'export.csv');
      const rows = archive ? await this.writeCustomerData(organizationId, record, directory, file) : await this.writeCsv(organizationId, record, file);
      const name = archive ? `export-${record.id}.tar.gz` : `export-${record.id}.csv`;
      const key = await this.storage.storeGenerated(organizationId, name, file, exportContentType(record.kind));
      const { size } = await stat(file);
      const now = new Date();
      em.assign(record, {
        status: 'ready',
        rowsDone: rows,
        totalRows: rows,
        fileKey: key,
        fileSize: size,
        error: null,
        finishedAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_TTL_HOURS * 3_600_000),
      });
      await em.flush();
      await this.announce(em, organizationId, record, rows);
    } catch (error) {
      const reason = (error as Error).message;
      this.logger.warn(`Export ${record.id} failed (attempt ${attempt} of ${maxAttempts}): ${reason}`);
      if (attempt < maxAttempts) throw error;
      em.assign(record, { status: 'failed', error: reason.slice(0, 1000), finishedAt: new Date() });
      await em.flush();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  /**
   * A customer's data (issue 35): their rows read in one short transaction, then their files one at
   * a time into a tar.gz; progress counts the files (and the JSON) written. Answers that count.
   */
  private async writeCustomerData(organizationId: string, record: DataExport, directory: string, file: string): Promise<number> {
    const customerId = String(record.filter.customer_id ?? '');
    const data = await this.tenants.run(organizationId, ({ em }) => readCustomerData(em, customerId));
    if (!data.customer) throw new Error('The customer no longer exists');
    const total = data.attachments.length + 1;
    await this.progress(organizationId, record.id, 0, total);
    return writeCustomerArchive(
      data,
      directory,
      file,
      (objectPath) => this.storage.readBytes(organizationId, objectPath),
      (done) => this.progress(organizationId, record.id, done, total),
    );
  }

  /** Streams the export's rows to `file`; answers how many were written. */
  private async writeCsv(organizationId: string, record: DataExport, file: string): Promise<number> {
    const source = csvSourceOf(record.kind, record.filter);
    const total = await this.tenants.run(organizationId, ({ em }) => source.count(em));
    await this.progress(organizationId, record.id, 0, total);
    const csv = stringify({ header: true, columns: source.header, bom: true });
    const out = createWriteStream(file);
    csv.pipe(out);
    let written = 0;
    let after: ExportCursor | null = null;
    do {
      const page = await this.tenants.run(organizationId, ({ em }) => source.page(em, after, EXPORT_BATCH_ROWS));
      for (const row of page.rows) {
        if (!csv.write(row)) await once(csv, 'drain');
      }
      written += page.rows.length;
      after = page.after;
      if (after) await this.progress(organizationId, record.id, written, Math.max(total, written));
    } while (after);
    csv.end();
    await finished(out);
    return written;
  }

  private progress(organizationId: string, id: string, rowsDone: number, totalRows: number): Promise<void> {
    return this.tenants.run(organizationId, async ({ em }) => {
      await em.nativeUpdate(DataExport, { id }, { status: 'running', rowsDone, totalRows });
    });
  }

  private async announce(em: EntityManager, organizationId: string, record: DataExport, rows: number): Promise<void> {
    const requester = record.requestedBy ? (typeof record.requestedBy === 'string' ? record.requestedBy : record.requestedBy.id) : null;
    if (!requester) return;
    const what = record.kind === 'tickets' ? 'Tickets' : record.kind === 'customer_data' ? "Customer's data" : 'Customers';
    const format = record.kind === 'customer_data' ? 'an archive (JSON and files)' : 'CSV';
    await this.fanOut.fanOut(em, organizationId, {
      eventType: 'export_ready',
      sourceKey: `export_ready:${record.id}`,
      title: `${what} export ready`,
      message: `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'} exported to ${format}; the file can be downloaded for ${EXPORT_TTL_HOURS} hours.`,
      metadata: { export_id: record.id, kind: record.kind, rows },
      relatedEntityType: 'export',
      relatedEntityId: record.id,
      link: `/exports`,
      recipientUserIds: [requester],
    });
  }

  /** Removes the files of exports past their time, organization by organization, and marks them expired. */
  @ScheduledTask('exports.expire', '*/15 * * * *')
  async expire(now: Date = new Date()): Promise<number> {
    const due = { status: 'ready' as const, expiresAt: { $lte: now } };
    let expired = 0;
    for (let round = 0; round < 100; round += 1) {
      const organizationId = await this.tenants.organizationOf(DataExport, due);
      if (!organizationId) break;
      const batch = await this.tenants.run(organizationId, async ({ em }) => {
        const rows = await em.find(DataExport, due, { limit: EXPIRED_PER_RUN });
        for (const row of rows) {
          if (row.fileKey) await this.storage.removeGenerated(row.fileKey);
          em.assign(row, { status: 'expired', fileKey: null });
        }
        await em.flush();
        return rows.length;
      });
      expired += batch;
      if (!batch) break;
    }
    return expired;
  }
}
