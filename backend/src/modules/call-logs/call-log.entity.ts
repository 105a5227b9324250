import { SEARCH_INDEXES } from '../search/search-indexes.js';
import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Customer } from '../customers/customer.entity.js';
// The ticket and the number of a call are the tickets' and phone-numbers' rows, which both read call
// logs: their classes come through the entity barrel, so call-logs imports neither module.
import { BrandPhoneNumber, Ticket } from '../../database/entity-refs.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';
import { CallLogRepository } from './call-log.repository.js';

export const CALL_TYPES = ['voicemail', 'call'] as const;
export type CallType = (typeof CALL_TYPES)[number];
/**
 * pending: Twilio is transcribing; completed / failed: its answer; unavailable: the recording may
 * run past Twilio's 120 s transcription limit; disabled: transcription is off for the number.
 */
export const TRANSCRIPTION_STATUSES = ['pending', 'completed', 'failed', 'unavailable', 'disabled'] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];

@Entity({ tableName: 'call_logs', repository: () => CallLogRepository })
@TenantScoped()
@Index({ name: 'call_logs_organization_created_index', properties: ['organization', 'createdAt'] })
@Index({ name: SEARCH_INDEXES.callPhoneDigits.name, expression: SEARCH_INDEXES.callPhoneDigits.create })
@Index({ name: SEARCH_INDEXES.callTranscript.name, expression: SEARCH_INDEXES.callTranscript.create })
export class CallLog {
  [EntityRepositoryType]?: CallLogRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade' })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => Ticket, nullable: true, deleteRule: 'set null', index: true })
  ticket?: Rel<Ticket> | null;

  /** The organization's customer whose phone placed the call, matched when the caller is known. */
  @ManyToOne({ entity: () => Customer, nullable: true, deleteRule: 'set null', index: true })
  customer?: Rel<Customer> | null;

  @ManyToOne({ entity: () => BrandPhoneNumber, nullable: true, deleteRule: 'set null', index: true })
  brandPhone?: Rel<BrandPhoneNumber> | null;

  @Property({ type: 'string', length: 50, default: 'voicemail' })
  callType: Opt<CallType> = 'voicemail';

  @Property({ type: 'string', length: 100, nullable: true, unique: true })
  callSid?: string | null;

  @Property({ type: 'string', length: 100, nullable: true, unique: true })
  retellCallId?: string | null;

  @Property({ type: 'string', length: 100, nullable: true, unique: true })
  recordingSid?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  fromPhone?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  toPhone?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  callerName?: string | null;

  @Property({ type: 'text', nullable: true })
  recordingUrl?: string | null;

  @Property({ type: 'integer', nullable: true })
  recordingDuration?: number | null;

  @Property({ type: 'text', nullable: true })
  transcription?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  transcriptionStatus?: TranscriptionStatus | null;

  @Property({ type: 'string', length: 50, nullable: true })
  brand?: string | null;

  @Property({ type: 'boolean', default: false })
  isRead: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  isReturned: Opt<boolean> = false;

  @Property({ type: 'datetime', nullable: true })
  returnedAt?: Date | null;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  returnedBy?: Rel<User> | null;

  @Property({ type: 'text', nullable: true })
  notes?: string | null;

  /** Retell's analysis summary of an agent call (call_analyzed). */
  @Property({ type: 'text', nullable: true })
  callSummary?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
