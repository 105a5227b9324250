/** Text of a count badge: the number itself, or "9+" above 9. */
export function badgeCount(count: number): string {
  return count > 9 ? '9+' : String(count);
}
