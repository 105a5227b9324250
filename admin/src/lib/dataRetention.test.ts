import { describe, expect, it } from 'vitest';
import { RETENTION_MESSAGES } from '@warranty-crm/contract';
import { dryRunSummary, recordingNoticeError, retentionDaysError, retentionDaysValue } from './dataRetention';

describe('retention periods', () => {
  it('accepts empty (keep forever) and whole days from 30 to 3650', () => {
    for (const days of [null, undefined, '', 30, 365, 3650, '90']) expect(retentionDaysError(days)).toBeUndefined();
  });
  it('refuses fractions, text and days out of bounds with one message', () => {
    for (const days of [29, 3651, 45.5, -30, 'abc']) expect(retentionDaysError(days)).toBe(RETENTION_MESSAGES.days);
  });
  it('sends null for an empty period', () => {
    expect(retentionDaysValue('')).toBeNull();
    expect(retentionDaysValue(null)).toBeNull();
    expect(retentionDaysValue('120')).toBe(120);
  });
});

describe('the recording notice', () => {
  it('is at most 300 characters', () => {
    expect(recordingNoticeError('This call may be recorded.')).toBeUndefined();
    expect(recordingNoticeError('x'.repeat(301))).toBe('The recording notice must be at most 300 characters');
  });
});

describe('dryRunSummary', () => {
  it('says what would go now, with the closed tickets’ action', () => {
    expect(dryRunSummary({ recordings: 1, attachments: 0, closed_tickets: 3, closed_tickets_action: 'anonymise' })).toBe(
      'Now: 1 recording and 0 attachments would be deleted, 3 closed tickets anonymised.',
    );
    expect(dryRunSummary({ recordings: 2, attachments: 1, closed_tickets: 1, closed_tickets_action: 'delete' })).toBe(
      'Now: 2 recordings and 1 attachment would be deleted, 1 closed ticket deleted.',
    );
  });
});
