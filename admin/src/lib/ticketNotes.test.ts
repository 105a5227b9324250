import { describe, expect, it } from 'vitest';
import { appendNote, isBlankNote, isNoteTooLong, NOTE_MAX_LENGTH, NOTE_TOO_LONG_MESSAGE, noteCounter, noteSeparator } from './ticketNotes';

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

describe('note limit', () => {
  it('counts the characters that will be saved against the 2000 limit', () => {
    expect(NOTE_MAX_LENGTH).toBe(2000);
    expect(noteCounter('  hello \n')).toBe('5 / 2000 characters');
    expect(isNoteTooLong('x'.repeat(2000))).toBe(false);
    expect(isNoteTooLong(` ${'x'.repeat(2000)} `)).toBe(false);
    expect(isNoteTooLong('x'.repeat(2001))).toBe(true);
    expect(NOTE_TOO_LONG_MESSAGE).toBe('Note must be at most 2000 characters');
  });
});
