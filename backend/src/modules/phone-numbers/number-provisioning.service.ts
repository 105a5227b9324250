import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { TwilioClient } from '../../integrations/twilio/twilio-clients.js';
import { providerFailure } from '../../integrations/twilio/twilio-errors.js';
import { AuditLogService } from '../audit-log/audit-log.service.js';
import { TwilioAccountService } from '../organizations/twilio-account.service.js';
import { BrandPhoneNumber, type NumberOrigin } from './brand-phone-number.entity.js';
import type { AvailableNumberDto, ImportNumberDto, PurchaseNumberDto, SearchNumbersQueryDto } from './dto/phone-number.dto.js';
import { NumberNotInAccountError, NumberTakenError } from './phone-numbers.errors.js';
import { type MatchMode, MESSAGES } from './phone-options.js';
import { webhookUrl } from './webhook-urls.js';

/** Results per search: a screen's worth, as Twilio's console shows. */
const SEARCH_LIMIT = 30;
/** The most a search asks Twilio for while it makes up for numbers held here. */
const MAX_SEARCH = 300;
/** National significant number length of US/CA/GB numbers: `first`/`last` anchor the pattern with `*`. */
const NATIONAL_LENGTH = 10;

/** Twilio's `Contains` for a match mode: anchored at the start or end of the national number with `*`. */
export function containsPattern(text: string, match: MatchMode): string {
  if (match === 'anywhere' || text.length >= NATIONAL_LENGTH) return text;
  const pad = '*'.repeat(NATIONAL_LENGTH - text.length);
  return match === 'first' ? `${text}${pad}` : `${pad}${text}`;
}

/** Finding, buying and importing numbers at Twilio. */
@Injectable()
export class NumberProvisioningService {
  private readonly logger = new Logger(NumberProvisioningService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly twilioAccount: TwilioAccountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auditLog: AuditLogService,
  ) {}

  async search(actor: Actor, query: SearchNumbersQueryDto): Promise<AvailableNumberDto[]> {
    const { client } = await this.twilioAccount.client(actor.organizationId);
    try {
      const list = (limit: number) => client.availablePhoneNumbers(query.country).local.list({
        areaCode: query.areaCode ? Number(query.areaCode) : undefined,
        contains: query.contains ? containsPattern(query.contains, query.match) : undefined,
        voiceEnabled: query.voice || undefined,
        smsEnabled: query.sms || undefined,
        mmsEnabled: query.mms || undefined,
        faxEnabled: query.fax || undefined,
        limit,
      });
      // Twilio never offers a number it sold, but the built-in simulation offers every organization
      // the same catalogue: numbers held here are left out, and the search asks for as many more so
      // a page stays full while the catalogue has them.
      const repository = this.em.getRepository(BrandPhoneNumber);
      let limit = SEARCH_LIMIT;
      let found = await list(limit);
      let held = await repository.heldOf(found.map((n) => n.phoneNumber));
      while (found.length === limit && found.length - held.size < SEARCH_LIMIT && limit < MAX_SEARCH) {
        limit = Math.min(MAX_SEARCH, limit + SEARCH_LIMIT - (found.length - held.size));
        found = await list(limit);
        held = await repository.heldOf(found.map((n) => n.phoneNumber));
      }
      // After the search: a Twilio failure fails the search itself, not the price's look-up.
      const { monthlyPrice, priceUnit } = await this.monthlyPrice(client, query.country);
      return found.filter((n) => !held.has(n.phoneNumber)).slice(0, SEARCH_LIMIT).map((n) => ({
        phoneNumber: n.phoneNumber,
        friendlyName: n.friendlyName,
        locality: n.locality ?? null,
        region: n.region ?? null,
        isoCountry: n.isoCountry,
        capabilities: {
          voice: Boolean(n.capabilities?.voice),
          sms: Boolean(n.capabilities?.sms ?? (n.capabilities as { SMS?: boolean })?.SMS),
          mms: Boolean(n.capabilities?.mms ?? (n.capabilities as { MMS?: boolean })?.MMS),
          fax: Boolean(n.capabilities?.fax),
        },
        monthlyPrice,
        priceUnit,
      }));
    } catch (error) {
      throw providerFailure('Search numbers', error, MESSAGES.searchFailed, { passMessage: true });
    }
  }

  /**
   * What a local number of the country costs a month on this account, from Twilio's Pricing API
   * (the price the purchase confirmation shows); nulls when Twilio does not say, so a search still answers.
   */
  private async monthlyPrice(client: TwilioClient, country: string): Promise<{ monthlyPrice: string | null; priceUnit: string | null }> {
    try {
      const pricing = await client.pricing.v1.phoneNumbers.countries(country).fetch();
      const local = pricing.phoneNumberPrices?.find((p) => p.numberType === 'local');
      const amount = local?.currentPrice ?? local?.basePrice;
      return amount === undefined || amount === null ? { monthlyPrice: null, priceUnit: null } : { monthlyPrice: String(amount), priceUnit: pricing.priceUnit ?? null };
    } catch (error) {
      this.logger.warn(`Pricing of ${country} numbers not read: ${(error as Error).message}`);
      return { monthlyPrice: null, priceUnit: null };
    }
  }

  /** Buys the number with its voice URL already pointing at us, then records it for the brand. */
  async purchase(actor: Actor, dto: PurchaseNumberDto): Promise<BrandPhoneNumber> {
    await this.assertNotHeld(dto.phoneNumber);
    const { client } = await this.twilioAccount.client(actor.organizationId);
    let bought;
    try {
      bought = await client.incomingPhoneNumbers.create({
        phoneNumber: dto.phoneNumber,
        voiceUrl: webhookUrl(this.config.publicBaseUrl, 'voice'),
        voiceMethod: 'POST',
        smsUrl: webhookUrl(this.config.publicBaseUrl, 'sms'),
        smsMethod: 'POST',
      });
    } catch (error) {
      throw providerFailure('Purchase number', error, MESSAGES.purchaseFailed);
    }
    return this.save(actor, 'purchased', dto.brand, bought);
  }

  /** Links a number the Twilio account already owns and points its voice URL at us. */
  async import(actor: Actor, dto: ImportNumberDto): Promise<BrandPhoneNumber> {
    await this.assertNotHeld(dto.phoneNumber);
    const { client } = await this.twilioAccount.client(actor.organizationId);
    let updated;
    try {
      const [owned] = await client.incomingPhoneNumbers.list({ phoneNumber: dto.phoneNumber, limit: 1 });
      if (!owned) throw new NumberNotInAccountError();
      updated = await client.incomingPhoneNumbers(owned.sid).update({
        voiceUrl: webhookUrl(this.config.publicBaseUrl, 'voice'),
        voiceMethod: 'POST',
        smsUrl: webhookUrl(this.config.publicBaseUrl, 'sms'),
        smsMethod: 'POST',
      });
    } catch (error) {
      if (error instanceof NumberNotInAccountError) throw error;
      throw providerFailure('Import number', error, MESSAGES.importFailed, { passMessage: true });
    }
    return this.save(actor, 'imported', dto.brand, updated);
  }

  /**
   * Checked before Twilio is called, in every organization (phone_number is unique across them):
   * a number another organization holds, even inactive (released from its Twilio account but still
   * its row), cannot be saved here, so it is neither bought (no money spent for a 409) nor has its
   * voice URL changed. The unique column stays the guard against a race (see save).
   */
  private async assertNotHeld(phoneNumber: string): Promise<void> {
    const holder = await this.em.getRepository(BrandPhoneNumber).holderOf(phoneNumber);
    if (holder) throw new NumberTakenError();
  }

  private async save(
    actor: Actor,
    origin: NumberOrigin,
    brand: string,
    twilioNumber: { sid: string; phoneNumber: string; friendlyName: string },
  ): Promise<BrandPhoneNumber> {
    const number = this.em.create(BrandPhoneNumber, {
      organization: actor.organizationId,
      phoneNumber: twilioNumber.phoneNumber,
      friendlyName: twilioNumber.friendlyName || null,
      twilioPhoneSid: twilioNumber.sid,
      brand,
      origin,
    });
    if (origin === 'purchased') {
      this.auditLog.record(this.em, actor, 'number_bought', { subject: number.phoneNumber, changes: [{ field: 'brand', old: null, new: brand }] });
    }
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new NumberTakenError();
      throw error;
    }
    return number;
  }
}
