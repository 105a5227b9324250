import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EXPORT_KINDS, EXPORT_STATUSES, exportProgress } from '@warranty-crm/contract';
import { IsIn, IsObject, IsUUID } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';
import type { DataExport } from '../data-export.entity.js';

export class CreateExportDto {
  @ApiProperty({ enum: EXPORT_KINDS, example: 'tickets' })
  @IsIn(EXPORT_KINDS, { message: `kind must be one of: ${EXPORT_KINDS.join(', ')}` })
  kind!: string;

  @ApiPropertyOptional({
    description: 'The list\'s filter, as its list route takes it in `filter` (tickets: status, brand, priority, dateFrom, dateTo, sla, q; customers: q)',
    example: { status: 'Open' },
  })
  @OptionalField()
  @IsObject({ message: 'filter must be an object' })
  filter?: Record<string, unknown>;
}

export class ExportDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: EXPORT_KINDS }) kind!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) filter!: Record<string, unknown>;
  @ApiProperty({ enum: EXPORT_STATUSES, description: 'queued → running → ready (or failed); expired once the file is gone' }) status!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Rows to export (known once it runs)' }) total_rows!: number | null;
  @ApiProperty() rows_done!: number;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress!: number;
  @ApiProperty({ nullable: true, type: String, example: 'tickets-2026-11-25.csv' }) file_name!: string | null;
  @ApiProperty({ nullable: true, type: Number }) file_size!: number | null;
  @ApiProperty({ nullable: true, type: String, description: 'Why it failed' }) error!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Where to download the file while it is ready' }) download_url!: string | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty({ nullable: true, type: Date }) finished_at!: Date | null;
  @ApiProperty({ nullable: true, type: Date, description: 'When the file is removed' }) expires_at!: Date | null;
}

export function exportFileName(record: Pick<DataExport, 'kind' | 'createdAt'>): string {
  const day = record.createdAt.toISOString().slice(0, 10);
  return record.kind === 'customer_data' ? `customer-data-${day}.tar.gz` : `${record.kind}-${day}.csv`;
}

/** The file's type: a CSV, or a customer's data as a tar.gz (customer.json and files/). */
export function exportContentType(kind: string): string {
  return kind === 'customer_data' ? 'application/gzip' : 'text/csv; charset=utf-8';
}

export class CreateCustomerDataExportDto {
  @ApiProperty({ format: 'uuid', description: 'The customer whose data is exported' })
  @IsUUID('all', { message: 'customer_id must be a UUID' })
  customer_id!: string;
}

export function toExportDto(record: DataExport): ExportDto {
  const ready = record.status === 'ready' && !!record.fileKey;
  return {
    id: record.id,
    kind: record.kind,
    filter: record.filter,
    status: record.status,
    total_rows: record.totalRows ?? null,
    rows_done: record.rowsDone,
    progress: exportProgress(record.status, record.rowsDone, record.totalRows ?? null),
    file_name: exportFileName(record),
    file_size: record.fileSize === null || record.fileSize === undefined ? null : Number(record.fileSize),
    error: record.error ?? null,
    download_url: ready ? `/api/exports/${record.id}/file` : null,
    created_at: record.createdAt,
    finished_at: record.finishedAt ?? null,
    expires_at: record.expiresAt ?? null,
  };
}
