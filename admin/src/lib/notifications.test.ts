import { describe, expect, it } from 'vitest';
import { inAppPath, metadataEntries, metadataLabel, NOTIFICATION_TABS, notificationLink, withReadInPlace } from './notifications';

describe('notification helpers', () => {
  it('links a ticket notification to its ticket and a call to the phone system', () => {
    expect(notificationLink({ related_entity_type: 'ticket', related_entity_id: 't1' })).toBe('/tickets/t1');
    expect(notificationLink({ related_entity_type: 'call_log', related_entity_id: 'c1' })).toBe('/phone-system?call=c1');
    expect(notificationLink({ related_entity_type: 'user', related_entity_id: 'u1' })).toBeNull();
    expect(notificationLink({ related_entity_type: 'ticket', related_entity_id: null })).toBeNull();
  });

  it('shows metadata as labelled pairs without empty values', () => {
    expect(metadataLabel('ticket_number')).toBe('Ticket Number');
    expect(metadataEntries({ ticket_number: 'WC-000001', brand: null, caller: '', duration: '0:42', count: 3 })).toEqual([
      ['Ticket Number', 'WC-000001'],
      ['Duration', '0:42'],
      ['Count', '3'],
    ]);
    expect(metadataEntries(null)).toEqual([]);
  });

  it('turns a same-origin link into an app path and refuses another origin', () => {
    expect(inAppPath('http://crm.test/tickets/1?x=1', 'http://crm.test')).toBe('/tickets/1?x=1');
    expect(inAppPath('https://evil.test/tickets/1', 'http://crm.test')).toBeNull();
  });

  it('has the three tabs with the spec’s empty states', () => {
    expect(NOTIFICATION_TABS.map(t => [t.label, t.empty])).toEqual([
      ['All', 'No notifications yet'],
      ['Unread', 'No unread notifications'],
      ['Followup', 'No notifications marked for followup'],
    ]);
  });

  it('keeps a notification read by opening it on its tab, newest first, unless followup no longer matches', () => {
    const n = (id: string, minute: number, is_followup = false) => ({ id, created_at: `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`, is_followup });
    const unread = [n('b', 20), n('d', 40)];
    expect(withReadInPlace(unread, [], {})).toBe(unread);
    expect(withReadInPlace(unread, [n('c', 30), n('b', 20)], { is_followup: undefined }).map(x => x.id)).toEqual(['d', 'c', 'b']);
    expect(withReadInPlace([], [n('a', 10, true)], { is_followup: true }).map(x => x.id)).toEqual(['a']);
    expect(withReadInPlace([], [n('a', 10, false)], { is_followup: true })).toEqual([]);
  });
});
