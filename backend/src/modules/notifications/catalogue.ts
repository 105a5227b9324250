/**
 * The notification event catalogue (spec part 2 §9): the events a user can be notified of and the
 * channels each one uses until the user changes them. The one place these ids and defaults live.
 */
export const NOTIFICATION_CHANNELS = ['in_app', 'mobile_push', 'browser', 'sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type ChannelFlags = Record<NotificationChannel, boolean>;

const ALL_ON: ChannelFlags = { in_app: true, mobile_push: true, browser: true, sms: true, email: true };
const QUIET: ChannelFlags = { in_app: true, mobile_push: true, browser: true, sms: false, email: false };

export interface CatalogueEntry {
  eventType: string;
  label: string;
  description: string;
  /** Listed and shown disabled: nothing emits it yet and its preferences cannot be changed. */
  comingSoon: boolean;
  defaults: ChannelFlags;
}

const live = (eventType: string, label: string, description: string, defaults: ChannelFlags): CatalogueEntry => ({
  eventType,
  label,
  description,
  comingSoon: false,
  defaults,
});
const soon = (eventType: string, label: string, description: string): CatalogueEntry => ({
  eventType,
  label,
  description,
  comingSoon: true,
  defaults: { in_app: false, mobile_push: false, browser: false, sms: false, email: false },
});

export const NOTIFICATION_CATALOGUE: readonly CatalogueEntry[] = [
  live('new_ticket', 'New ticket', 'A warranty ticket is created (form, AI agent or call)', ALL_ON),
  live('assigned_existing_ticket', 'Call on an existing ticket', 'A call or voicemail is linked to a ticket that already exists', ALL_ON),
  live('inquiry_received', 'Inquiry received', 'The AI agent finished a call with a customer', ALL_ON),
  live('text_voicemail_missed', 'Voicemail or missed call', 'A caller left a voicemail', QUIET),
  live('inbox_app_message', 'Inbox message', 'A customer writes in by e-mail or SMS (on a ticket assigned to you: Conversation assigned instead)', QUIET),
  live('assigned_conversation', 'Conversation assigned', 'The customer writes on a ticket assigned to you', QUIET),
  live('task_assigned', 'Task assigned', 'A ticket is assigned to you by someone else or automatically', { ...QUIET, browser: false, email: true }),
  live('team_reply', 'Team reply', 'A teammate answers the customer on a ticket assigned to you', QUIET),
  // Issue 17 (response promises), after the spec's eight.
  live('ticket_overdue', 'Ticket overdue', 'A ticket passed its promised response time without a response', { ...QUIET, email: true }),
  // Issue 30 (exports): only the user who asked is told.
  // Issue 31: a warranty decision or resolution state on a ticket assigned to you.
  live('resolution_updated', 'Warranty resolution', 'A claim assigned to you is decided, or its replacement, repair or refund moves on', QUIET),
  live('export_ready', 'Export ready', 'A CSV export you asked for is ready to download', { ...QUIET, mobile_push: false }),
  soon('mentioned_note', 'Mentioned in a note', 'Someone mentions you in a note'),
  soon('team_mentioned', 'Team mentioned', 'Someone mentions your team'),
  soon('ticket_mentioned', 'Ticket mentioned', 'Someone mentions a ticket you follow'),
  soon('added_collaborator', 'Added as collaborator', 'You are added as a collaborator'),
  soon('team_ticket_created', 'Team ticket created', 'A ticket is created for your team'),
  soon('team_member_removed', 'Team member removed', 'A member leaves your team'),
  soon('contact_form_update', 'Contact form update', 'A contact form is submitted or updated'),
  soon('activity_log_created', 'Activity logged', 'An activity is logged'),
];

export const LIVE_EVENT_TYPES = NOTIFICATION_CATALOGUE.filter((e) => !e.comingSoon).map((e) => e.eventType);
export type LiveEventType =
  | 'new_ticket'
  | 'assigned_existing_ticket'
  | 'inquiry_received'
  | 'text_voicemail_missed'
  | 'inbox_app_message'
  | 'assigned_conversation'
  | 'task_assigned'
  | 'team_reply'
  | 'ticket_overdue'
  | 'export_ready'
  | 'resolution_updated';

export function catalogueEntry(eventType: string): CatalogueEntry | undefined {
  return NOTIFICATION_CATALOGUE.find((e) => e.eventType === eventType);
}

export function defaultChannels(eventType: string): ChannelFlags {
  const entry = catalogueEntry(eventType);
  if (!entry || entry.comingSoon) throw new Error(`${eventType} is not a live notification event`);
  return { ...entry.defaults };
}
