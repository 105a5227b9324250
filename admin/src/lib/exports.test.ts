import { describe, expect, it } from 'vitest';
import { exportStatusText } from './exports';

describe('exportStatusText', () => {
  it('says where the export is', () => {
    expect(exportStatusText({ status: 'queued', rows_done: 0, total_rows: null, progress: 0 })).toBe('Waiting to start…');
    expect(exportStatusText({ status: 'running', rows_done: 0, total_rows: null, progress: 0 })).toBe('Counting rows…');
    expect(exportStatusText({ status: 'running', rows_done: 25000, total_rows: 100000, progress: 25 })).toBe('25,000 of 100,000 rows (25%)');
    expect(exportStatusText({ status: 'ready', rows_done: 1, total_rows: 1, progress: 100 })).toBe('Ready: 1 row. The file is kept for 24 hours.');
    expect(exportStatusText({ status: 'expired', rows_done: 3, total_rows: 3, progress: 0 })).toBe('This export has expired; export again.');
  });

  it("counts a customer's data export in files", () => {
    expect(exportStatusText({ kind: 'customer_data', status: 'running', rows_done: 1, total_rows: 3, progress: 33 })).toBe('1 of 3 files (33%)');
    expect(exportStatusText({ kind: 'customer_data', status: 'ready', rows_done: 3, total_rows: 3, progress: 100 })).toBe('Ready: 3 files. The file is kept for 24 hours.');
  });
});
