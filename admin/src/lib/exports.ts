import type { DataExport } from '../providers/types';

const count = (n: number) => n.toLocaleString('en-US');

/** The export dialog's line under the bar. */
export function exportStatusText(e: Pick<DataExport, 'status' | 'rows_done' | 'total_rows' | 'progress'>): string {
  switch (e.status) {
    case 'queued':
      return 'Waiting to start…';
    case 'running':
      return e.total_rows === null ? 'Counting rows…' : `${count(e.rows_done)} of ${count(e.total_rows)} rows (${e.progress}%)`;
    case 'ready':
      return `Ready: ${count(e.rows_done)} ${e.rows_done === 1 ? 'row' : 'rows'}. The file is kept for 24 hours.`;
    case 'expired':
      return 'This export has expired; export again.';
    default:
      return 'The export failed.';
  }
}
