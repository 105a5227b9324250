import type { DataExport } from '../providers/types';

const count = (n: number) => n.toLocaleString('en-US');

/** The export dialog's line under the bar. */
export function exportStatusText(e: Pick<DataExport, 'status' | 'rows_done' | 'total_rows' | 'progress'> & { kind?: string }): string {
  // A customer's data export counts the files it wrote (customer.json and the attachments).
  const unit = e.kind === 'customer_data' ? 'file' : 'row';
  switch (e.status) {
    case 'queued':
      return 'Waiting to start…';
    case 'running':
      return e.total_rows === null ? `Counting ${unit}s…` : `${count(e.rows_done)} of ${count(e.total_rows)} ${unit}s (${e.progress}%)`;
    case 'ready':
      return `Ready: ${count(e.rows_done)} ${e.rows_done === 1 ? unit : `${unit}s`}. The file is kept for 24 hours.`;
    case 'expired':
      return 'This export has expired; export again.';
    default:
      return 'The export failed.';
  }
}
