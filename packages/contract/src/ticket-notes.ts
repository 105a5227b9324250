/**
 * Add Note (spec part 1 section 4): the admin appends a separator line with a timestamp, then the
 * note, to the description and saves the whole description. The server reads the same shape back
 * to record who added which note (the ticket's activity trail).
 */

/** The longest note, in characters of its trimmed text: the Add Note dialog's counter and the API's limit. */
export const NOTE_MAX_LENGTH = 2000;
export const NOTE_TOO_LONG_MESSAGE = `Note must be at most ${NOTE_MAX_LENGTH} characters`;

/** Characters a note will be saved with (surrounding blanks are trimmed). */
export function noteLength(note: string): number {
  return note.trim().length;
}

/** "N / 2000 characters", the Add Note dialog's counter. */
export function noteCounter(note: string): string {
  return `${noteLength(note)} / ${NOTE_MAX_LENGTH} characters`;
}

export function isNoteTooLong(note: string): boolean {
  return noteLength(note) > NOTE_MAX_LENGTH;
}

const SEPARATOR = /^--- Note added [^\n]* ---$/;

export function noteSeparator(now: Date = new Date()): string {
  return `--- Note added ${now.toLocaleString('en-US')} ---`;
}

export function appendNote(description: string | null | undefined, note: string, now: Date = new Date()): string {
  const text = note.trim();
  const existing = (description ?? '').replace(/\s+$/, '');
  const block = `${noteSeparator(now)}\n${text}`;
  return existing ? `${existing}\n\n${block}` : block;
}

export function isBlankNote(note: string): boolean {
  return note.trim() === '';
}

/**
 * What an edit of the description did: `note` when `after` is `before` with one or more notes
 * appended (their texts, in order), `edit` for any other change, null when nothing changed.
 */
export function describeDescriptionChange(
  before: string,
  after: string,
): { kind: 'note'; notes: string[] } | { kind: 'edit' } | null {
  if (before === after) return null;
  const kept = before.replace(/\s+$/, '');
  if (!after.startsWith(kept)) return { kind: 'edit' };
  const added = after.slice(kept.length).replace(/^\s+/, '');
  const lines = added.split('\n');
  if (!lines.length || !SEPARATOR.test(lines[0]!)) return { kind: 'edit' };
  const notes: string[] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    if (SEPARATOR.test(line)) {
      if (current) notes.push(current.join('\n').trim());
      current = [];
    } else {
      current!.push(line);
    }
  }
  if (current) notes.push(current.join('\n').trim());
  return notes.every((n) => n !== '') ? { kind: 'note', notes } : { kind: 'edit' };
}
