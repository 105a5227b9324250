/** The tabs of /notifications, their API filter and their empty state (spec part 2 §2). */
export const NOTIFICATION_TABS = [
  { id: 'all', label: 'All', filter: {}, empty: 'No notifications yet' },
  { id: 'unread', label: 'Unread', filter: { is_read: false }, empty: 'No unread notifications' },
  { id: 'followup', label: 'Followup', filter: { is_followup: true }, empty: 'No notifications marked for followup' },
] as const;
export type NotificationTabId = (typeof NOTIFICATION_TABS)[number]['id'];

/**
 * A tab's list with the notifications read by opening them on it kept in place (on Unread, the
 * one being read does not vanish under the reader); they go when the tab changes. Followup still
 * applies to them: removing one from followup on the Followup tab takes it off the list.
 */
export function withReadInPlace<T extends { id: string; created_at: string; is_followup: boolean }>(
  data: T[],
  readHere: T[],
  filter: { is_read?: boolean; is_followup?: boolean },
): T[] {
  const listed = new Set(data.map(n => n.id));
  const kept = readHere.filter(n => !listed.has(n.id) && (filter.is_followup === undefined || n.is_followup === filter.is_followup));
  if (kept.length === 0) return data;
  return [...data, ...kept].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/** Where a notification leads: its ticket, or its call in the phone system. */
export function notificationLink(n: { related_entity_type: string | null; related_entity_id: string | null }): string | null {
  if (!n.related_entity_id) return null;
  if (n.related_entity_type === 'ticket') return `/tickets/${n.related_entity_id}`;
  if (n.related_entity_type === 'call_log') return `/phone-system?call=${n.related_entity_id}`;
  return null;
}

/** "ticket_number" -> "Ticket Number". */
export function metadataLabel(key: string): string {
  return key
    .split(/[_\s]+/)
    .filter(Boolean)
    .map(word => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

/** The metadata's key/value pairs worth showing: no empty values, objects as JSON. */
export function metadataEntries(metadata: Record<string, unknown> | null | undefined): Array<[string, string]> {
  if (!metadata) return [];
  return Object.entries(metadata)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => [metadataLabel(key), typeof value === 'object' ? JSON.stringify(value) : String(value)]);
}

/** A link of a live message (absolute URL of this app) as an in-app path; null for another origin. */
export function inAppPath(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : null;
  } catch {
    return null;
  }
}
