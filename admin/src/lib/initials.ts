/**
 * The avatar's initials: the first character of up to 2 words of the username,
 * uppercase, or "U" when there is no usable username. A "character" is a user-perceived
 * one (a grapheme, via Intl.Segmenter), so "Ñ" written as N + a combining tilde and an emoji
 * made of several code points stay whole (issue 34: "Ñ�" before); a word that starts with
 * neither a letter, a digit nor an emoji (e.g. "(") is skipped.
 */
const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
const USABLE = /[\p{L}\p{N}\p{Extended_Pictographic}\p{Regional_Indicator}]/u;

function firstGrapheme(word: string): string {
  if (segmenter) {
    for (const { segment } of segmenter.segment(word)) return segment;
    return '';
  }
  return Array.from(word)[0] ?? '';
}

export function initials(username: string | null | undefined): string {
  const words = (username ?? '')
    .normalize('NFC')
    .trim()
    .split(/\s+/)
    .map(firstGrapheme)
    .filter(first => USABLE.test(first));
  if (words.length === 0) return 'U';
  return words
    .slice(0, 2)
    .map(first => first.toLocaleUpperCase())
    .join('');
}
