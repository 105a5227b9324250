/**
 * The avatar's initials: first letters of up to 2 words of the username,
 * uppercase, or "U" when there is no usable username.
 */
export function initials(username: string | null | undefined): string {
  const words = (username ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'U';
  return words
    .slice(0, 2)
    .map(word => word[0].toUpperCase())
    .join('');
}
