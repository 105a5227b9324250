import { EntityRepositoryType, type Opt } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { ORGANIZATION_TRIGGERS, ORGANIZATIONS_INTAKE_TRIGGERS, ORGANIZATIONS_ROUTE_TRIGGERS } from './organization-triggers.js';
import { OrganizationRepository } from './organization.repository.js';

/** failed: Twilio refused the brand registration (the reason in a2pFailureReason); synced from Twilio on a schedule. */
export const A2P_STATUSES = ['not_started', 'pending_registration', 'approved', 'failed'] as const;
export type A2pStatus = (typeof A2P_STATUSES)[number];
/** simulated: the built-in phone simulation's account (issue 34); the real link waits in twilioLinkBeforeSimulation. */
export const SUBACCOUNT_ORIGINS = ['created', 'imported', 'simulated'] as const;

/** The organization's Twilio link as it was before the simulation was switched on (tokens still sealed). */
export interface TwilioLinkBeforeSimulation {
  accountSid: string | null;
  authToken: string | null;
  origin: string | null;
  importedAt: string | null;
  apiKeySid: string | null;
  apiKeySecret: string | null;
  twimlAppSid: string | null;
}

@Entity({
  tableName: 'organizations',
  repository: () => OrganizationRepository,
  // Each organization's ticket-number sequence is made and dropped with it, and a change of its
  // country drops its cached intake settings, and of its Twilio account its cached inbound routes
  // (organization-triggers.ts).
  triggers: [...ORGANIZATION_TRIGGERS, ...ORGANIZATIONS_INTAKE_TRIGGERS, ...ORGANIZATIONS_ROUTE_TRIGGERS].map((t) => ({ name: t.name, timing: 'after' as const, events: [...t.events], forEach: 'row' as const, expression: t.expression })),
})
export class Organization {
  [EntityRepositoryType]?: OrganizationRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 255 })
  name!: string;

  /** When an owner dismissed the setup checklist (issue 34); null while the dashboard shows it. */
  @Property({ type: 'datetime', nullable: true })
  onboardingDismissedAt?: Date | null;

  @Property({ type: 'string', length: 100, nullable: true, unique: true })
  twilioSubaccountSid?: string | null;

  /** Encrypted at rest (see common/crypto). */
  @Property({ type: 'text', nullable: true })
  twilioSubaccountAuthToken?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  subaccountOrigin?: string | null;

  @Property({ type: 'datetime', nullable: true })
  importedAt?: Date | null;

  /** While the phone simulation is on (subaccountOrigin 'simulated'): the link it replaced, restored when it goes off. */
  @Property({ type: 'json', nullable: true })
  twilioLinkBeforeSimulation?: TwilioLinkBeforeSimulation | null;

  /** API key (SK…) and its secret (encrypted) that sign Voice SDK access tokens for in-browser calls. */
  @Property({ type: 'string', length: 100, nullable: true })
  twilioApiKeySid?: string | null;

  @Property({ type: 'text', nullable: true })
  twilioApiKeySecret?: string | null;

  /** TwiML app (AP…) whose voice URL dials the customer for an in-browser call. */
  @Property({ type: 'string', length: 100, nullable: true })
  twilioTwimlAppSid?: string | null;

  @Property({ type: 'string', length: 100, nullable: true })
  a2pBrandId?: string | null;

  @Property({ type: 'string', length: 50, default: 'not_started' })
  a2pStatus: Opt<A2pStatus> = 'not_started';

  /** Why Twilio failed the brand registration, as it says. */
  @Property({ type: 'text', nullable: true })
  a2pFailureReason?: string | null;

  /** When the registration's status was last read from Twilio. */
  @Property({ type: 'datetime', nullable: true })
  a2pCheckedAt?: Date | null;

  @Property({ type: 'string', length: 255, nullable: true })
  businessLegalName?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  businessType?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  einTaxId?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  businessStreet?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  businessCity?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  businessState?: string | null;

  @Property({ type: 'string', length: 20, nullable: true })
  businessZip?: string | null;

  @Property({ type: 'string', length: 2, default: 'US' })
  businessCountry: Opt<string> = 'US';

  @Property({ type: 'string', length: 255, nullable: true })
  businessWebsite?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  businessIndustry?: string | null;

  @Property({ type: 'text', nullable: true })
  businessDescription?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  contactFirstName?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  contactLastName?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  contactEmail?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  contactPhone?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  stockExchange?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  stockSymbol?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
