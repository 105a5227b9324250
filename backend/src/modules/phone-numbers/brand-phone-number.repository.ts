import { recordingNoticeText } from '@warranty-crm/contract';
import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { executePrepared } from '../../database/prepared-statements.js';
import type { BrandPhoneNumber, GreetingType } from './brand-phone-number.entity.js';

/** What an incoming call's answer needs of the number it came in on. */
export interface InboundNumber {
  id: string;
  brand: string | null;
  phoneNumber: string;
  greetingType: GreetingType;
  greetingText: string | null;
  greetingAudioUrl: string | null;
  ttsVoice: string;
  voicemailMaxLength: number;
  enableTranscription: boolean;
}

/**
 * The organization of a Twilio account (its sealed token, to check the callback's signature) and its
 * number a call came in on, if it has that number.
 */
export interface InboundRoute {
  organizationId: string;
  accountSid: string;
  sealedAuthToken: string | null;
  number: InboundNumber | null;
  /** The organization's recording notice when it is on (issue 35), else null. */
  recordingNotice: string | null;
}

/**
 * The voice webhook's one read (issue 32): the account's organization by its unique SID (organizations
 * are not tenant rows) and, of that organization only (a column join), the number called.
 */
const INBOUND_ROUTE_SQL = `
select o.organization_id, o.account_sid, o.sealed_auth_token,
       n.id as number_id, n.brand, n.phone_number, n.greeting_type, n.greeting_text, n.greeting_audio_url, n.tts_voice,
       n.voicemail_max_length, n.enable_transcription,
       coalesce(s.recording_notice_enabled, false) as recording_notice_enabled, s.recording_notice_text
from (select id as organization_id, twilio_subaccount_sid as account_sid, twilio_subaccount_auth_token as sealed_auth_token
        from organizations where twilio_subaccount_sid = ?) o
left join (select * from brand_phone_numbers where phone_number = ?) n using (organization_id)
left join system_settings s using (organization_id)
limit 1`;

interface InboundRouteRow {
  organization_id: string;
  account_sid: string;
  sealed_auth_token: string | null;
  number_id: string | null;
  brand: string | null;
  phone_number: string;
  greeting_type: GreetingType;
  greeting_text: string | null;
  greeting_audio_url: string | null;
  tts_voice: string;
  voicemail_max_length: number;
  enable_transcription: boolean;
  recording_notice_enabled: boolean;
  recording_notice_text: string | null;
}

/** Who holds a phone number in the app (any organization): the unique column's owner. */
export interface NumberHolder {
  organizationId: string;
  isActive: boolean;
}

/** The brand numbers' queries (`em.getRepository(BrandPhoneNumber)`), scoped by the tenant filter. */
export class BrandPhoneNumberRepository extends EntityRepository<BrandPhoneNumber> {
  /** A page of the organization's numbers, oldest first, and their total. */
  page(organizationId: string, offset: number, limit: number): Promise<[BrandPhoneNumber[], number]> {
    return this.findAndCount({ organization: organizationId }, { orderBy: { createdAt: 'asc', id: 'asc' }, offset, limit });
  }

  /** The organization's number of this id. */
  ofOrganization(organizationId: string, id: string): Promise<BrandPhoneNumber | null> {
    return this.findOne({ id, organization: organizationId });
  }

  byId(id: string): Promise<BrandPhoneNumber | null> {
    return this.findOne({ id });
  }

  /** The number with this E.164 phone number (of the organization when given, else of the tenant). */
  byPhoneNumber(phoneNumber: string, organizationId?: string): Promise<BrandPhoneNumber | null> {
    return this.findOne(organizationId ? { phoneNumber, organization: organizationId } : { phoneNumber });
  }

  /** Only the brand of the number with this E.164 phone number (of the tenant), or null. */
  brandOf(phoneNumber: string) {
    return this.findOne({ phoneNumber }, { fields: ['brand'] });
  }

  /** How many numbers have this E.164 phone number (of the organization when given, else of the tenant). */
  countWithPhoneNumber(phoneNumber: string, organizationId?: string): Promise<number> {
    return this.count(organizationId ? { phoneNumber, organization: organizationId } : { phoneNumber });
  }

  /** Every number of the tenant. */
  all(): Promise<BrandPhoneNumber[]> {
    return this.findAll();
  }

  /** Every number of the organization, oldest first. */
  ofOrganizationOldestFirst(organizationId: string): Promise<BrandPhoneNumber[]> {
    return this.find({ organization: organizationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /**
   * The organization of the Twilio account and its number `to` (null when it has none such), in one
   * prepared statement on the pool: no EntityManager fork, no transaction, no entity.
   */
  async inboundRoute(accountSid: string, to: string | null): Promise<InboundRoute | null> {
    const [row] = await executePrepared<InboundRouteRow>(this.getEntityManager() as EntityManager, INBOUND_ROUTE_SQL, [accountSid, to]);
    if (!row) return null;
    return {
      organizationId: row.organization_id,
      accountSid: row.account_sid,
      sealedAuthToken: row.sealed_auth_token,
      number: row.number_id
        ? {
            id: row.number_id,
            brand: row.brand,
            phoneNumber: row.phone_number,
            greetingType: row.greeting_type,
            greetingText: row.greeting_text,
            greetingAudioUrl: row.greeting_audio_url,
            ttsVoice: row.tts_voice,
            voicemailMaxLength: row.voicemail_max_length,
            enableTranscription: row.enable_transcription,
          }
        : null,
      recordingNotice: row.recording_notice_enabled ? recordingNoticeText(row.recording_notice_text) : null,
    };
  }

  /**
   * Which of these numbers a row of ANY organization holds (phone_number is unique across them):
   * only the numbers leave here. A search's results are offered without them (the built-in
   * simulation hands every organization the same numbers; Twilio never lists an owned one).
   */
  async heldOf(phoneNumbers: string[]): Promise<Set<string>> {
    if (!phoneNumbers.length) return new Set();
    const rows = await this.find({ phoneNumber: { $in: phoneNumbers } }, { filters: false, fields: ['phoneNumber'] });
    return new Set(rows.map((r) => r.phoneNumber));
  }

  /**
   * The row holding this number in ANY organization (phone_number is unique across them), read
   * before a purchase or an import reaches Twilio: only its organization and state leave here.
   */
  async holderOf(phoneNumber: string): Promise<NumberHolder | null> {
    const row = await this.findOne({ phoneNumber }, { filters: false, fields: ['organization', 'isActive'] });
    if (!row) return null;
    return { organizationId: row.organization.id, isActive: row.isActive };
  }
}
