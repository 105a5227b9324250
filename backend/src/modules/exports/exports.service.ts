import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EXPORT_KINDS, type ExportKind } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { isUuid } from '../../common/http/ids.js';
import { Jobs } from '../../common/jobs/jobs.js';
import { AuditLogService } from '../audit-log/audit-log.service.js';
import type { ObjectResponse } from '../storage/drivers/storage-driver.js';
import { StorageService } from '../storage/storage.service.js';
import { csvSourceOf } from './csv-rows.js';
import { DataExport } from './data-export.entity.js';
import { EXPORT_TASK, type ExportJobPayload } from './export-runner.js';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { exportContentType } from './dto/export.dto.js';
import { CustomerToExportNotFoundError, ExportKindInvalidError, ExportNotFoundError, ExportNotReadyError } from './exports.errors.js';

/** Exports of a list (tickets with the list's filter, customers): asked for, followed, downloaded. */
@Injectable()
export class ExportsService {
  constructor(
    private readonly em: EntityManager,
    private readonly jobs: Jobs,
    private readonly storage: StorageService,
    private readonly auditLog: AuditLogService,
  ) {}

  /** Records the export and queues its job in one transaction; the filter is checked now (a 400, not a failed job). */
  async request(actor: Actor, kind: string, filter: Record<string, unknown> = {}): Promise<DataExport> {
    if (!(EXPORT_KINDS as readonly string[]).includes(kind)) throw new ExportKindInvalidError(`kind must be one of: ${EXPORT_KINDS.join(', ')}`);
    if (kind === 'customer_data') throw new ExportKindInvalidError("A customer's data is exported with POST /api/exports/customer-data (administrators)");
    csvSourceOf(kind as ExportKind, filter);
    return this.em.transactional(async (em) => {
      const record = em.create(DataExport, { organization: actor.organizationId, requestedBy: actor.id, kind: kind as ExportKind, filter });
      this.auditLog.record(em, actor, 'export', { subject: kind, changes: [{ field: 'filter', new: filter }] });
      await em.flush();
      const payload: ExportJobPayload = { organizationId: actor.organizationId, exportId: record.id };
      await this.jobs.enqueue(em, EXPORT_TASK, payload, { key: `export:${record.id}` });
      return record;
    });
  }

  /**
   * A customer's data (issue 35, admin): the archive of everything that names them, as a job like
   * the CSV exports; the audit log records it with the subject `customer <id>`.
   */
  async requestCustomerData(actor: Actor, customerId: string): Promise<DataExport> {
    if (!isUuid(customerId)) throw new CustomerToExportNotFoundError();
    return this.em.transactional(async (em) => {
      const [found] = await tenantSql(em).execute(`select c.id from customers c where @tenant(c) and c.id = ?`, [customerId]);
      if (!found) throw new CustomerToExportNotFoundError();
      const filter = { customer_id: customerId };
      const record = em.create(DataExport, { organization: actor.organizationId, requestedBy: actor.id, kind: 'customer_data', filter });
      this.auditLog.record(em, actor, 'export', { subject: `customer ${customerId}`, changes: [{ field: 'kind', new: 'customer_data' }] });
      await em.flush();
      const payload: ExportJobPayload = { organizationId: actor.organizationId, exportId: record.id };
      await this.jobs.enqueue(em, EXPORT_TASK, payload, { key: `export:${record.id}` });
      return record;
    });
  }

  /** The actor's own export (another user's or organization's is a 404). */
  async get(actor: Actor, id: string): Promise<DataExport> {
    if (!isUuid(id)) throw new ExportNotFoundError();
    const record = await this.em.getRepository(DataExport).findOne({ id, requestedBy: actor.id });
    if (!record) throw new ExportNotFoundError();
    return record;
  }

  recent(actor: Actor): Promise<DataExport[]> {
    return this.em.getRepository(DataExport).recentOf(actor.id);
  }

  /** The ready file, as the answer to a GET with this Range header. */
  async download(actor: Actor, id: string, range: string | undefined): Promise<{ record: DataExport; answer: ObjectResponse }> {
    const record = await this.get(actor, id);
    if (record.status !== 'ready' || !record.fileKey || (record.expiresAt && record.expiresAt <= new Date())) {
      throw new ExportNotReadyError(record.status === 'ready' ? 'expired' : record.status);
    }
    return { record, answer: await this.storage.openGenerated(record.fileKey, exportContentType(record.kind), range) };
  }
}
