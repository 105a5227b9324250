/** Add Note (spec part 1 section 4): a separator line with a timestamp, then the note, appended to the description. */
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
