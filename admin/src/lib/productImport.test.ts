import { describe, expect, it } from 'vitest';
import { importSummaryText } from './productImport';

describe('importSummaryText', () => {
  it('counts what the import would do', () => {
    expect(importSummaryText({ create: 2, update: 1, unchanged: 0, error: 0 })).toBe('2 to add, 1 to update, 0 unchanged.');
    expect(importSummaryText({ create: 0, update: 0, unchanged: 1, error: 1 })).toBe('0 to add, 0 to update, 1 unchanged, 1 line with errors.');
    expect(importSummaryText({ create: 1, update: 0, unchanged: 0, error: 3 })).toBe('1 to add, 0 to update, 0 unchanged, 3 lines with errors.');
  });
});
