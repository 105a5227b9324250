import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { User } from '../users/user.entity.js';
import { TicketMessageRepository } from './ticket-message.repository.js';

/** How a message travels: an e-mail, an SMS, or an internal comment that never leaves the team. */
export const MESSAGE_CHANNELS = ['email', 'sms', 'comment'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/** From the customer (inbound), to the customer (outbound), or between agents (internal). */
export const MESSAGE_DIRECTIONS = ['inbound', 'outbound', 'internal'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];
/**
 * An outbound message is queued, then sent or failed (with the reason; a retry queues it again);
 * an inbound one is received; a comment is internal.
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'failed', 'received', 'internal'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A file an inbound e-mail carried. */
export interface MessageAttachment {
  filename: string;
  content_type: string;
  size: number;
  /** The storage service's object path (`/objects/uploads/<organization>/...`). */
  object_path: string;
}

/**
 * One message of a ticket's conversation with its customer, or an internal comment. Outbound
 * e-mails keep the Message-ID fixed when they are queued (a resend is the same message to every
 * mail system); inbound e-mails keep theirs, unique per organization, so a redelivered e-mail lands
 * once; an SMS keeps Twilio's MessageSid (`provider_id`), unique per organization, for the same reason.
 */
@Entity({ tableName: 'ticket_messages', repository: () => TicketMessageRepository })
@TenantScoped()
@Index({ name: 'ticket_messages_ticket_created_index', properties: ['ticket', 'createdAt'] })
@Index({ name: 'ticket_messages_organization_message_id_unique', expression: 'create unique index "ticket_messages_organization_message_id_unique" on "ticket_messages" ("organization_id", "message_id") where "message_id" is not null' })
@Index({ name: 'ticket_messages_organization_provider_id_unique', expression: 'create unique index "ticket_messages_organization_provider_id_unique" on "ticket_messages" ("organization_id", "channel", "provider_id") where "provider_id" is not null' })
@Check({ name: 'ticket_messages_channel_check', expression: `"channel" in ('email', 'sms', 'comment')` })
@Check({ name: 'ticket_messages_direction_check', expression: `"direction" in ('inbound', 'outbound', 'internal')` })
@Check({ name: 'ticket_messages_status_check', expression: `"status" in ('queued', 'sent', 'failed', 'received', 'internal')` })
export class TicketMessage {
  [EntityRepositoryType]?: TicketMessageRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => Ticket, deleteRule: 'cascade' })
  ticket!: Rel<Ticket>;

  @Property({ type: 'string', length: 10 })
  channel!: MessageChannel;

  @Property({ type: 'string', length: 10 })
  direction!: MessageDirection;

  @Property({ type: 'string', length: 10 })
  status!: MessageStatus;

  /** The agent who wrote it (outbound or comment); null for the customer, the system or a removed user. */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  author?: Rel<User> | null;

  /** The name shown on the message (the agent's or the customer's), kept as it was when written. */
  @Property({ type: 'string', length: 255, nullable: true })
  authorName?: string | null;

  /** E-mail address or E.164 phone number. */
  @Property({ type: 'string', length: 320, nullable: true })
  fromAddress?: string | null;

  @Property({ type: 'string', length: 320, nullable: true })
  toAddress?: string | null;

  @Property({ type: 'string', length: 998, nullable: true })
  subject?: string | null;

  /** The text shown in the thread (for an inbound e-mail: the new part, quoted history folded away). */
  @Property({ type: 'text' })
  body!: string;

  /** An inbound e-mail's HTML, sanitised. */
  @Property({ type: 'text', nullable: true })
  bodyHtml?: string | null;

  /** An inbound e-mail's quoted history, folded under the message. */
  @Property({ type: 'text', nullable: true })
  quoted?: string | null;

  /**
   * The files an inbound e-mail carried, kept through the storage driver (`object_path` is the
   * storage service's `/objects/uploads/...`); until the ticket attachments table takes them over.
   */
  @Property({ type: 'json', defaultRaw: "'[]'" })
  attachments: Opt<MessageAttachment[]> = [];

  /** Why the last attempt failed (status failed). */
  @Property({ type: 'text', nullable: true })
  error?: string | null;

  /** RFC 5322 Message-ID without angle brackets: ours for an outbound e-mail, the sender's for an inbound one. */
  @Property({ type: 'string', length: 998, nullable: true })
  messageId?: string | null;

  @Property({ type: 'string', length: 998, nullable: true })
  inReplyTo?: string | null;

  /** The provider's id (Twilio MessageSid). */
  @Property({ type: 'string', length: 64, nullable: true })
  providerId?: string | null;

  @Property({ type: 'integer', default: 0 })
  attempts: Opt<number> = 0;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date | null;
}
