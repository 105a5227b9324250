import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { BrandPhoneNumberRepository } from './brand-phone-number.repository.js';

export const GREETING_TYPES = ['default', 'text_to_speech', 'audio_file'] as const;
export type GreetingType = (typeof GREETING_TYPES)[number];
/** purchased: bought through the app, released at Twilio on delete; imported: only detached. */
export const NUMBER_ORIGINS = ['purchased', 'imported'] as const;
export type NumberOrigin = (typeof NUMBER_ORIGINS)[number];

@Entity({
  tableName: 'brand_phone_numbers',
  repository: () => BrandPhoneNumberRepository,
  // A change drops its organization's cached inbound routes (inbound-route-cache.ts).
  triggers: [
    {
      name: 'brand_phone_numbers_route_cache',
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      forEach: 'row',
      expression: `create trigger "brand_phone_numbers_route_cache" after insert or update or delete on "brand_phone_numbers" for each row execute function "inbound_route_cache_changed"()`,
    },
  ],
})
@TenantScoped()
export class BrandPhoneNumber {
  [EntityRepositoryType]?: BrandPhoneNumberRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @Property({ type: 'string', length: 50, nullable: true })
  brand?: string | null;

  @Property({ type: 'string', length: 50, unique: true })
  phoneNumber!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  friendlyName?: string | null;

  @Property({ type: 'string', length: 100, nullable: true })
  twilioPhoneSid?: string | null;

  @Property({ type: 'string', length: 50, default: 'purchased' })
  origin: Opt<NumberOrigin> = 'purchased';

  @Property({ type: 'boolean', default: true })
  isActive: Opt<boolean> = true;

  @Property({ type: 'string', length: 50, default: 'default' })
  greetingType: Opt<GreetingType> = 'default';

  @Property({ type: 'text', nullable: true })
  greetingText?: string | null;

  @Property({ type: 'text', nullable: true })
  greetingAudioUrl?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  greetingAudioFilename?: string | null;

  @Property({ type: 'string', length: 50, default: 'alice' })
  ttsVoice: Opt<string> = 'alice';

  @Property({ type: 'integer', default: 120 })
  voicemailMaxLength: Opt<number> = 120;

  @Property({ type: 'boolean', default: true })
  enableTranscription: Opt<boolean> = true;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
