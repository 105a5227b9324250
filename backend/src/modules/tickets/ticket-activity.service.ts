import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ATTACHMENT_TAG_LABELS, type AttachmentTag } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { CallLog } from '../call-logs/call-log.entity.js';
import { displayName } from './assignee-name.js';
import type { ActivityKind, TicketActivityEntryDto } from './dto/ticket-activity.dto.js';
import { type RecordedActivityKind, TicketActivity } from './ticket-activity.entity.js';
import { TicketStatusChange } from './ticket-status-change.entity.js';
import type { Ticket, TicketSource } from './ticket.entity.js';
import { ticketTimelineRows } from './ticket-activity.query.js';
import { TicketsService } from './tickets.service.js';

const SYSTEM = 'System';
const CREATED_BY: Record<TicketSource, { channel: string; text: string }> = {
  form: { channel: 'Form', text: 'Ticket created from the New Ticket form' },
  phone_call: { channel: 'Phone call', text: 'Ticket created from a phone call' },
  ai_agent: { channel: 'AI agent', text: 'Ticket created by the AI agent during a call' },
  email: { channel: 'E-mail', text: 'Ticket created from an e-mail to the support address' },
  sms: { channel: 'SMS', text: 'Ticket created from a text message to a brand number' },
};
/** Same instant: the creation first, then the order things happen in. */
const RANK: Record<ActivityKind, number> = {
  created: 0,
  call_linked: 1,
  confirmation_email: 2,
  status_changed: 3,
  priority_changed: 4,
  purchase_verification: 5,
  note: 6,
  description_edited: 7,
  call_returned: 8,
  attachment_added: 9,
  attachment_removed: 10,
  merged_from: 11,
  merged_into: 12,
  assigned: 13,
  warranty_decision: 14,
  resolution_created: 15,
  resolution_changed: 16,
};

interface Entry {
  at: Date;
  kind: ActivityKind;
  actor: string;
  text: string;
}

export { displayName };

function duration(seconds: number | null | undefined): string | null {
  if (seconds == null) return null;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function callEntries(call: CallLog): Entry[] {
  const caller = call.callerName && call.fromPhone ? `${call.callerName} (${call.fromPhone})` : call.callerName || call.fromPhone || 'an unknown caller';
  const [what, channel] = call.callType === 'voicemail' ? ['Voicemail', 'Voicemail'] : call.retellCallId ? ['AI agent call', 'AI agent'] : ['Call', 'Phone call'];
  const length = duration(call.recordingDuration);
  const entries: Entry[] = [{ at: call.createdAt, kind: 'call_linked', actor: channel, text: `${what} from ${caller}${length ? `, ${length},` : ''} linked to this ticket` }];
  if (call.isReturned && call.returnedAt) {
    entries.push({ at: call.returnedAt, kind: 'call_returned', actor: displayName(call.returnedBy) ?? SYSTEM, text: `Returned the call from ${caller}` });
  }
  return entries;
}

function recordedEntry(row: TicketActivity): Entry {
  const actor = displayName(row.actor) ?? SYSTEM;
  const d = row.detail;
  const base = { at: row.createdAt, kind: row.kind, actor };
  switch (row.kind) {
    case 'note':
      return { ...base, text: `Note added: ${String(d.text ?? '')}` };
    case 'description_edited':
      return { ...base, text: 'Issue description edited' };
    case 'priority_changed':
      return { ...base, text: `Priority changed from ${String(d.from)} to ${String(d.to)}` };
    case 'purchase_verification':
      return { ...base, text: d.verified ? 'Purchase marked as verified' : 'Purchase marked as not verified' };
    case 'confirmation_email':
      return { ...base, actor: 'E-mail', text: confirmationText(d) };
    case 'attachment_added':
      if (d.source === 'email') return { ...base, actor: 'E-mail', text: `Attachment received by e-mail: ${String(d.filename)} (${tagLabel(d.tag)})` };
      return { ...base, text: `Attachment added: ${String(d.filename)} (${tagLabel(d.tag)})` };
    case 'attachment_removed':
      return { ...base, text: `Attachment removed: ${String(d.filename)} (${tagLabel(d.tag)})` };
    case 'merged_into':
      return { ...base, text: `Merged into ${String(d.ticket_number)} as a duplicate claim; its calls, notes, messages and attachments moved there` };
    case 'merged_from':
      return { ...base, text: `${String(d.ticket_number)} merged into this ticket as a duplicate claim` };
    case 'assigned':
      // Automatic assignments have no user: the round-robin did it.
      return { ...base, actor: row.actor ? actor : 'Automatic assignment', text: assignmentText(d) };
    case 'warranty_decision':
      return { ...base, text: decisionText(d) };
    case 'resolution_created':
      return { ...base, text: `Resolution ${String(d.rma)} created: ${String(d.type_label ?? d.type)}` };
    case 'resolution_changed':
      return { ...base, text: `Resolution ${String(d.rma)}: ${String(d.text ?? 'updated')}` };
  }
}

function tagLabel(tag: unknown): string {
  return ATTACHMENT_TAG_LABELS[tag as AttachmentTag] ?? String(tag);
}

/** "Assigned to Maria Lopez", "Reassigned from Maria Lopez to Ken Ito", "Unassigned (was Maria Lopez)": the names as they were then. */
function assignmentText(d: TicketActivity['detail']): string {
  const from = d.from_name ? String(d.from_name) : null;
  const to = d.to_name ? String(d.to_name) : null;
  if (!to) return from ? `Unassigned (was ${from})` : 'Unassigned';
  return from ? `Reassigned from ${from} to ${to}` : `Assigned to ${to}`;
}

function decisionText(d: TicketActivity['detail']): string {
  const what = `${d.changed ? 'Decision changed: claim' : 'Claim'} ${d.decision === 'approved' ? 'approved' : 'denied'}${d.reason ? ` (${String(d.reason)})` : ''}`;
  const told = d.notified === 'email' ? '; the customer was told by e-mail' : d.notified === 'sms' ? '; the customer was told by SMS' : d.notified === 'none' ? '; the customer could not be told (no e-mail or phone)' : '';
  return `${what}${told}`;
}

function confirmationText(d: TicketActivity['detail']): string {
  if (d.status === 'sent') return `Confirmation e-mail sent to ${String(d.email)}`;
  if (d.status === 'not_sent_no_smtp') return 'No confirmation e-mail was sent: SMTP is not configured';
  return `Confirmation e-mail to ${String(d.email)} failed: ${String(d.error ?? 'unknown error')}`;
}

/**
 * A ticket's activity trail, oldest first, from the records already kept: its creation (who, or
 * which channel), the status history, the calls linked to it and their return, and the rows of
 * ticket_activities (notes, edits, priority, purchase verification, the confirmation e-mail).
 */
@Injectable()
export class TicketActivityService {
  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
  ) {}

  async list(actor: Actor, id: string): Promise<TicketActivityEntryDto[]> {
    const ticket = await this.tickets.get(actor, id);
    const { history, recorded, calls } = await ticketTimelineRows(this.em, actor.organizationId, ticket.id);
    const first = history.find((h) => h.fromStatus == null);
    const entries: Entry[] = [
      this.createdEntry(ticket, first),
      ...history
        .filter((h) => h !== first)
        .map((h): Entry => ({
          at: h.createdAt,
          kind: 'status_changed',
          actor: displayName(h.changedBy) ?? SYSTEM,
          text: h.fromStatus ? `Status changed from ${h.fromStatus} to ${h.toStatus}` : `Status set to ${h.toStatus}`,
        })),
      ...calls.flatMap(callEntries),
      ...recorded.map(recordedEntry),
    ];
    return entries
      .map((e, i) => ({ e, i }))
      .sort((a, b) => a.e.at.getTime() - b.e.at.getTime() || RANK[a.e.kind] - RANK[b.e.kind] || a.i - b.i)
      .map(({ e }) => ({ at: e.at.toISOString(), kind: e.kind, actor: e.actor, text: e.text }));
  }

  /**
   * Records an event of the trail that another module's change makes (an attachment added or
   * removed), in that change's transaction so the line and the change commit together.
   */
  record(
    em: EntityManager,
    entry: { organizationId: string; ticketId: string; actorId: string | null; kind: RecordedActivityKind; detail: TicketActivity['detail'] },
  ): void {
    em.create(TicketActivity, { organization: entry.organizationId, ticket: entry.ticketId, kind: entry.kind, actor: entry.actorId, detail: entry.detail });
  }

  private createdEntry(ticket: Ticket, first: TicketStatusChange | undefined): Entry {
    const how = ticket.source ? CREATED_BY[ticket.source] : null;
    return {
      at: ticket.createdAt,
      kind: 'created',
      actor: displayName(first?.changedBy) ?? how?.channel ?? SYSTEM,
      text: how?.text ?? 'Ticket created',
    };
  }
}
