/** The browser's IANA time zone ("America/New_York"), or null when the runtime does not say. */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && zone.trim() ? zone : null;
  } catch {
    return null;
  }
}

/** `path?tz=<zone>` (or `&tz=` when the path has a query already); the path itself without a zone. */
export function withTimeZone(path: string, zone: string | null): string {
  if (!zone) return path;
  return `${path}${path.includes('?') ? '&' : '?'}tz=${encodeURIComponent(zone)}`;
}
