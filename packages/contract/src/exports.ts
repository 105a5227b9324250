/**
 * Data exports (issue 30): what can be exported, the states of an export, and how long its file
 * is kept. An export runs as a durable job and streams its rows to a CSV file.
 */
export const EXPORT_KINDS = ['tickets', 'customers', 'customer_data'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** queued → running → ready (the file can be downloaded until it expires) or failed (with the reason). */
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** A ready export's file is kept this long, then removed. */
export const EXPORT_TTL_HOURS = 24;

/** The share of an export done, 0 to 100 (100 once ready; 0 while the total is unknown). */
export function exportProgress(status: ExportStatus, rowsDone: number, totalRows: number | null): number {
  if (status === 'ready') return 100;
  if (!totalRows || totalRows <= 0) return 0;
  return Math.min(99, Math.floor((rowsDone / totalRows) * 100));
}
