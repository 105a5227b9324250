import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TICKET_QUESTIONS } from '@warranty-crm/contract';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { SYSTEM_SETTINGS_INTAKE_TRIGGERS } from './intake-cache-triggers.js';
import { SystemSettingsRepository } from './system-settings.repository.js';

/** The ticket questions an organization may ask (the contract's list, in its order). */
export const TICKET_FIELDS = TICKET_QUESTIONS;

/** A change of the recording notice drops the organization's cached inbound routes (phone-numbers/inbound-route-cache.ts). */
export const SYSTEM_SETTINGS_ROUTE_TRIGGERS = [
  {
    name: 'system_settings_route_cache',
    events: ['insert', 'update', 'delete'],
    expression: `create trigger "system_settings_route_cache" after insert or update of "recording_notice_enabled", "recording_notice_text" or delete on "system_settings" for each row execute function "inbound_route_cache_changed"()`,
  },
] as const;

/** Per-organization settings. Token, password and key columns hold ciphertext (see common/crypto). */
@Entity({
  tableName: 'system_settings',
  repository: () => SystemSettingsRepository,
  // A change of the intake's settings drops the organization's cached intake, of its recording notice
  // its cached inbound routes (intake-cache-triggers.ts, SYSTEM_SETTINGS_ROUTE_TRIGGERS).
  triggers: [...SYSTEM_SETTINGS_INTAKE_TRIGGERS, ...SYSTEM_SETTINGS_ROUTE_TRIGGERS].map((t) => ({ name: t.name, timing: 'after' as const, events: [...t.events], forEach: 'row' as const, expression: t.expression })),
})
@TenantScoped()
export class SystemSettings {
  [EntityRepositoryType]?: SystemSettingsRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @OneToOne({ entity: () => Organization, owner: true, deleteRule: 'cascade', unique: true })
  organization!: Rel<Organization>;

  @Property({ type: 'string', length: 100, nullable: true })
  twilioAccountSid?: string | null;

  @Property({ type: 'text', nullable: true })
  twilioAuthToken?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  twilioPhoneNumber?: string | null;

  @Property({ type: 'text', nullable: true })
  retellApiKey?: string | null;

  @Property({ type: 'string', length: 100, nullable: true })
  retellAgentId?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  smtpHost?: string | null;

  @Property({ type: 'integer', nullable: true })
  smtpPort?: number | null;

  @Property({ type: 'string', length: 255, nullable: true })
  smtpUsername?: string | null;

  @Property({ type: 'text', nullable: true })
  smtpPassword?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  smtpFromEmail?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  smtpFromName?: string | null;

  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  brands: Opt<string[]> = [];

  @Property({ type: 'string', length: 50, nullable: true })
  ticketBrand?: string | null;

  @Property({ type: 'text[]', defaultRaw: "'{}'" })
  ticketFieldsEnabled: Opt<string[]> = [...TICKET_FIELDS];

  /** Hours to the response promised on a warranty issue (issue 17; default 24). */
  @Property({ type: 'integer', default: 24 })
  warrantyResponseHours: Opt<number> = 24;

  /** Hours to the response promised on a technical-support request (default 48). */
  @Property({ type: 'integer', default: 48 })
  supportResponseHours: Opt<number> = 48;

  /** Say the recording notice before every voicemail greeting and at the start of the AI agent's calls (issue 35). */
  @Property({ type: 'boolean', default: false })
  recordingNoticeEnabled: Opt<boolean> = false;

  /** The notice's words; null says the default. */
  @Property({ type: 'string', length: 300, nullable: true })
  recordingNoticeText?: string | null;

  /** The notice last put at the start of the Retell agent's begin message (taken off again when it changes). */
  @Property({ type: 'string', length: 300, nullable: true })
  retellNoticeApplied?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
