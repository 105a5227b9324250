import { Module } from '@nestjs/common';
import { AttachmentsModule } from '../../attachments/attachments.module.js';
import { CustomersModule } from '../../customers/customers.module.js';
import { OrganizationsModule } from '../../organizations/organizations.module.js';
import { PhoneNumbersModule } from '../../phone-numbers/phone-numbers.module.js';
import { StorageModule } from '../../storage/storage.module.js';
import { TicketsModule } from '../../tickets/tickets.module.js';
import { ConversationsModule } from '../conversations.module.js';
import { InboundEmailSettingsController } from './inbound-email-settings.controller.js';
import { InboundEmailSettingsService } from './inbound-email-settings.service.js';
import { InboundEmailService } from './inbound-email.service.js';
import { InboundSmsService } from './inbound-sms.service.js';
import { InboundSmtpReceiver } from './inbound-smtp.receiver.js';
import { InboundWebhooksController } from './inbound-webhooks.controller.js';

/**
 * Inbound e-mail (the SMTP receiver and the signed webhook, one InboundEmailService) and inbound
 * SMS (Twilio's messaging webhook) into ticket threads, and Settings → Inbound E-mail.
 */
@Module({
  imports: [AttachmentsModule, ConversationsModule, TicketsModule, CustomersModule, StorageModule, OrganizationsModule, PhoneNumbersModule],
  controllers: [InboundWebhooksController, InboundEmailSettingsController],
  providers: [InboundEmailService, InboundSmtpReceiver, InboundSmsService, InboundEmailSettingsService],
})
export class InboundModule {}
