import { describe, expect, it } from 'vitest';
import { appendNote, isBlankNote, noteSeparator } from './ticketNotes';

const NOW = new Date(2026, 0, 31, 15, 4, 5);

describe('appendNote', () => {
  it('appends a timestamped separator line and the note to the description', () => {
    const result = appendNote('The jack will not lift.', '  Called the customer back.  ', NOW);
    expect(result).toBe(`The jack will not lift.\n\n${noteSeparator(NOW)}\nCalled the customer back.`);
    expect(noteSeparator(NOW)).toContain('1/31/2026');
    expect(noteSeparator(NOW)).toMatch(/^--- Note added .*3:04:05\sPM ---$/);
  });
  it('keeps earlier notes', () => {
    const once = appendNote('Desc', 'first', NOW);
    expect(appendNote(once, 'second', NOW)).toBe(`${once}\n\n${noteSeparator(NOW)}\nsecond`);
  });
  it('treats whitespace-only notes as blank', () => {
    expect(isBlankNote('  \n ')).toBe(true);
    expect(isBlankNote(' a ')).toBe(false);
  });
});
