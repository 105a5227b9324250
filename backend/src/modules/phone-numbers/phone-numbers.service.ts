import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { isTwilioRestError, providerFailure } from '../../integrations/twilio/twilio-errors.js';
import { AuditLogService } from '../audit-log/audit-log.service.js';
import { TwilioAccountService } from '../organizations/twilio-account.service.js';
import { StorageService } from '../storage/storage.service.js';
import { BrandPhoneNumber } from './brand-phone-number.entity.js';
import type { DeletedNumberResponseDto, ReconfiguredResponseDto, UpdatePhoneNumberDto } from './dto/phone-number.dto.js';
import { NumberGoneAtTwilioError, PhoneNumberNotFoundError } from './phone-numbers.errors.js';
import { MESSAGES } from './phone-options.js';
import { webhookUrl } from './webhook-urls.js';

/** The organization's numbers: list, brand, delete (release or detach), webhook repair. */
@Injectable()
export class PhoneNumbersService {
  private readonly logger = new Logger(PhoneNumbersService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly twilioAccount: TwilioAccountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly storage: StorageService,
    private readonly auditLog: AuditLogService,
  ) {}

  async list(actor: Actor, offset: number, limit: number): Promise<[BrandPhoneNumber[], number]> {
    return this.em.getRepository(BrandPhoneNumber).page(actor.organizationId, offset, limit);
  }

  /** The organization's number; another organization's id answers 404. */
  async get(actor: Actor, id: string, em: EntityManager = this.em): Promise<BrandPhoneNumber> {
    const number = await em.getRepository(BrandPhoneNumber).ofOrganization(actor.organizationId, id);
    if (!number) throw new PhoneNumberNotFoundError();
    return number;
  }

  async update(actor: Actor, id: string, dto: UpdatePhoneNumberDto): Promise<BrandPhoneNumber> {
    const number = await this.get(actor, id);
    if (dto.brand !== undefined && dto.brand !== number.brand) {
      this.auditLog.record(this.em, actor, 'settings_changed', { subject: number.phoneNumber, changes: [{ field: 'brand', old: number.brand ?? null, new: dto.brand }] });
      number.brand = dto.brand;
    }
    await this.em.flush();
    return number;
  }

  /**
   * A purchased number is released at Twilio; an imported one stays in the Twilio account and only
   * stops pointing at us. Twilio first: when it fails, the number stays here too (502).
   */
  async remove(actor: Actor, id: string): Promise<DeletedNumberResponseDto> {
    const number = await this.get(actor, id);
    const { client } = await this.twilioAccount.client(actor.organizationId);
    if (number.twilioPhoneSid) {
      try {
        if (number.origin === 'purchased') await client.incomingPhoneNumbers(number.twilioPhoneSid).remove();
        else await client.incomingPhoneNumbers(number.twilioPhoneSid).update({ voiceUrl: '', smsUrl: '' });
      } catch (error) {
        // Already gone at Twilio: nothing left to release there.
        if (!(isTwilioRestError(error) && error.status === 404)) throw providerFailure('Delete phone number', error, MESSAGES.deleteFailed);
      }
    }
    this.auditLog.record(this.em, actor, 'number_released', {
      subject: number.phoneNumber,
      changes: [{ field: 'action', old: number.origin, new: number.origin === 'purchased' ? 'released' : 'detached' }],
    });
    await this.em.remove(number).flush();
    if (number.greetingAudioUrl) {
      await this.storage.remove(actor.organizationId, number.greetingAudioUrl).catch((error: Error) =>
        this.logger.warn(`Could not delete the greeting of a deleted number: ${error.message}`));
    }
    return number.origin === 'purchased'
      ? { success: true, action: 'released', message: 'Phone number released' }
      : { success: true, action: 'detached', message: 'Phone number removed from the app; it stays in your Twilio account' };
  }

  /** Points the number's voice URL at PUBLIC_BASE_URL/api/webhooks/twilio/voice again ("Fix Webhooks"). */
  async reconfigureWebhook(actor: Actor, id: string): Promise<ReconfiguredResponseDto> {
    const number = await this.get(actor, id);
    const { client } = await this.twilioAccount.client(actor.organizationId);
    const voiceUrl = webhookUrl(this.config.publicBaseUrl, 'voice');
    try {
      if (!number.twilioPhoneSid) throw new Error('The number has no Twilio SID');
      await client.incomingPhoneNumbers(number.twilioPhoneSid).update({ voiceUrl, voiceMethod: 'POST', smsUrl: webhookUrl(this.config.publicBaseUrl, 'sms'), smsMethod: 'POST' });
    } catch (error) {
      if (isTwilioRestError(error) && error.status === 404) {
        // Gone from the account at Twilio: the list says so from now on.
        number.isActive = false;
        await this.em.flush();
        throw new NumberGoneAtTwilioError(number.phoneNumber);
      }
      throw providerFailure('Reconfigure webhook', error, MESSAGES.reconfigureFailed);
    }
    number.isActive = true;
    await this.em.flush();
    return { success: true, phone_number: number.phoneNumber, voice_url: voiceUrl };
  }
}
