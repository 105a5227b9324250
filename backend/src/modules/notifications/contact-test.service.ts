import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ProviderUnavailableError } from '../../integrations/provider.errors.js';
import { MailTemplates } from '../mail/mail-templates.js';
import { OrganizationMailer } from '../mail/organization-mailer.js';
import { SMS_SENDER, type SmsSender, SmsUnavailableError } from './channels/sms-sender.js';
import { SmsNotAvailableError, SmtpNotConfiguredError, TestRecipientMissingError } from './notifications.errors.js';

/** "Send test e-mail" / "Send test SMS": a real message through the organization's provider. */
@Injectable()
export class ContactTestService {
  constructor(
    private readonly em: EntityManager,
    private readonly mailer: OrganizationMailer,
    private readonly templates: MailTemplates,
    @Inject(SMS_SENDER) private readonly smsSender: SmsSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async email(actor: Actor, to: string | undefined): Promise<void> {
    const address = to?.trim();
    if (!address) throw new TestRecipientMissingError('email');
    const smtp = await this.mailer.smtpOf(this.em, actor.organizationId);
    if (!smtp) throw new SmtpNotConfiguredError();
    try {
      await this.mailer.send(smtp, this.templates.test(address, this.config.publicBaseUrl));
    } catch (error) {
      throw new ProviderUnavailableError('smtp', `SMTP error: ${(error as Error).message}`);
    }
  }

  async sms(actor: Actor, to: string | undefined): Promise<void> {
    const number = to?.trim();
    if (!number) throw new TestRecipientMissingError('sms');
    try {
      await this.smsSender.send(this.em, actor.organizationId, { to: number, body: 'Test SMS from Warranty CRM: your SMS notifications are set up.' });
    } catch (error) {
      if (error instanceof SmsUnavailableError) throw new SmsNotAvailableError(error.message);
      throw new ProviderUnavailableError('twilio', `Twilio error: ${(error as Error).message}`);
    }
  }
}
