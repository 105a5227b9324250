import { describe, expect, it } from '@jest/globals';
import { LIVE_EVENT_TYPES, NOTIFICATION_CATALOGUE, defaultChannels } from './catalogue.js';

describe('the notification catalogue', () => {
  it('lists the 8 live events and the 8 coming-soon ones of the spec, in its order, then ticket_overdue (issue 17), resolution_updated (issue 31) and export_ready (issue 30)', () => {
    expect(LIVE_EVENT_TYPES).toEqual([
      'new_ticket', 'assigned_existing_ticket', 'inquiry_received', 'text_voicemail_missed',
      'inbox_app_message', 'assigned_conversation', 'task_assigned', 'team_reply', 'ticket_overdue', 'resolution_updated', 'export_ready',
    ]);
    expect(NOTIFICATION_CATALOGUE.filter((e) => e.comingSoon).map((e) => e.eventType)).toEqual([
      'mentioned_note', 'team_mentioned', 'ticket_mentioned', 'added_collaborator',
      'team_ticket_created', 'team_member_removed', 'contact_form_update', 'activity_log_created',
    ]);
  });

  it('gives each live event the default channels of the spec', () => {
    const on = (eventType: string) => Object.entries(defaultChannels(eventType)).filter(([, v]) => v).map(([k]) => k).sort();
    expect(on('new_ticket')).toEqual(['browser', 'email', 'in_app', 'mobile_push', 'sms']);
    expect(on('assigned_existing_ticket')).toEqual(['browser', 'email', 'in_app', 'mobile_push', 'sms']);
    expect(on('inquiry_received')).toEqual(['browser', 'email', 'in_app', 'mobile_push', 'sms']);
    for (const quiet of ['text_voicemail_missed', 'inbox_app_message', 'assigned_conversation', 'team_reply']) {
      expect(on(quiet)).toEqual(['browser', 'in_app', 'mobile_push']);
    }
    expect(on('task_assigned')).toEqual(['email', 'in_app', 'mobile_push']);
    expect(on('ticket_overdue')).toEqual(['browser', 'email', 'in_app', 'mobile_push']);
  });

  it('refuses defaults for a coming-soon or unknown event', () => {
    expect(() => defaultChannels('mentioned_note')).toThrow('not a live notification event');
    expect(() => defaultChannels('nope')).toThrow('not a live notification event');
  });
});
