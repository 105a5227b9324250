import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import twilio from 'twilio';
import { TenantRunner } from '../../../common/tenancy/tenant-runner.js';
import { Customer } from '../../customers/customer.entity.js';
import { CustomersService } from '../../customers/customers.service.js';
import { normalizePhone } from '../../customers/phone.js';
import { Organization } from '../../organizations/organization.entity.js';
import { TwilioAccountService } from '../../organizations/twilio-account.service.js';
import { BrandPhoneNumber } from '../../phone-numbers/brand-phone-number.entity.js';
import { type TwilioCallback, TwilioSignatureService } from '../../phone-numbers/twilio-signature.service.js';
import { SystemSettings } from '../../settings/system-settings.entity.js';
import { TicketsService } from '../../tickets/tickets.service.js';
import { ConversationRecorder } from '../conversation-recorder.js';
import { TicketMessage } from '../ticket-message.entity.js';
import { InboundMailbox } from './inbound-mailbox.entity.js';
import { smsHelpText, smsKeyword } from './sms-keywords.js';
import { TicketMatchQuery } from './ticket-match.query.js';

type Form = Record<string, string | undefined>;

/** An empty answer: Twilio sends nothing back. */
const EMPTY_TWIML = new twilio.twiml.MessagingResponse().toString();

function reply(text: string): string {
  const response = new twilio.twiml.MessagingResponse();
  response.message(text);
  return response.toString();
}

/**
 * Twilio's messaging webhook (POST /api/webhooks/twilio/sms): a text to a brand number. The
 * organization is the number's; the request must be signed with that organization's Twilio token
 * (403 otherwise, nothing read or written). STOP and its synonyms record the customer's opt-out,
 * START / UNSTOP (and YES from an opted-out customer) clear it, HELP answers with the organization's
 * name and support contact; none of them opens a ticket. Any other text joins the customer's
 * (matched by phone, E.164) most recent open ticket, or opens an inquiry ticket with it as the first
 * message; once per MessageSid (a redelivery answers the same and writes nothing).
 */
@Injectable()
export class InboundSmsService {
  private readonly logger = new Logger('InboundSms');

  constructor(
    private readonly tenants: TenantRunner,
    private readonly twilioAccount: TwilioAccountService,
    private readonly signatures: TwilioSignatureService,
    private readonly customers: CustomersService,
    private readonly tickets: TicketsService,
    private readonly recorder: ConversationRecorder,
  ) {}

  async receive(callback: TwilioCallback): Promise<string> {
    const form = (callback.body && typeof callback.body === 'object' ? callback.body : {}) as Form;
    const organizationId = form.To ? await this.tenants.organizationOf(BrandPhoneNumber, { phoneNumber: form.To }) : null;
    // Unsigned, forged, or for a number that is no organization's: the same 403.
    this.signatures.verify(callback, organizationId ? await this.twilioAccount.credentials(organizationId) : null);
    if (!organizationId || !form.MessageSid || !form.From) return EMPTY_TWIML;
    try {
      return await this.tenants.run(organizationId, (ctx) => this.handle(ctx.em, organizationId, form));
    } catch (error) {
      // The same MessageSid delivered twice at once: the other delivery recorded it.
      if (error instanceof UniqueConstraintViolationException) return EMPTY_TWIML;
      throw error;
    }
  }

  private async handle(em: EntityManager, organizationId: string, form: Form): Promise<string> {
    const messageSid = form.MessageSid!;
    if (await em.getRepository(TicketMessage).smsByProviderId(messageSid)) return EMPTY_TWIML;
    const body = (form.Body ?? '').trim();
    const from = normalizePhone(form.From, await this.customers.phoneCountry(em, organizationId)) ?? form.From!;
    const keyword = smsKeyword(body);
    const customer = await em.getRepository(Customer).byPhone(organizationId, from);

    if (keyword === 'stop') {
      await this.customers.setSmsOptOut(em, organizationId, from, true);
      this.logger.log(`A number opted out of texts${customer ? ` (customer ${customer.id})` : ''}`);
      return EMPTY_TWIML;
    }
    if (keyword === 'start' && (body.toUpperCase() !== 'YES' || customer?.smsOptedOutAt)) {
      await this.customers.setSmsOptOut(em, organizationId, from, false);
      return EMPTY_TWIML;
    }
    if (keyword === 'help') return reply(await this.helpText(em, organizationId, form.To!));

    const number = await em.getRepository(BrandPhoneNumber).brandOf(form.To!);
    const open = customer ? await new TicketMatchQuery(em).openTicketOfCustomer(customer.id) : null;
    const ticketId = open ?? (await this.openInquiry(em, organizationId, from, customer, body, number?.brand ?? null));
    await this.recorder.record(
      em,
      em.create(TicketMessage, {
        organization: organizationId,
        ticket: ticketId,
        channel: 'sms',
        direction: 'inbound',
        status: 'received',
        authorName: customer?.name ?? from,
        fromAddress: from,
        toAddress: form.To ?? null,
        body: body || '(empty text message)',
        providerId: messageSid.slice(0, 64),
      }),
    );
    return EMPTY_TWIML;
  }

  /** An inquiry ticket with the text as its description, through the tickets' one intake. */
  private async openInquiry(em: EntityManager, organizationId: string, phone: string, customer: Customer | null, body: string, brand: string | null): Promise<string> {
    const { ticket } = await this.tickets.createIn(em, organizationId, null, {
      customer: { name: customer?.name ?? phone, email: customer?.email ?? null, phone },
      productBrand: brand,
      issueDescription: body || '(empty text message)',
      troubleshootingAttempted: false,
      contactMethod: 'SMS',
      priority: 'Medium',
      injuryReported: false,
      propertyDamage: false,
      source: 'sms',
    });
    this.logger.log(`A text opened ticket ${ticket.ticketNumber}`);
    return ticket.id;
  }

  private async helpText(em: EntityManager, organizationId: string, number: string): Promise<string> {
    const organization = await em.getRepository(Organization).nameOf(organizationId);
    const mailbox = await em.getRepository(InboundMailbox).ofOrganization(organizationId);
    const settings = mailbox?.address ? null : await em.getRepository(SystemSettings).fromEmailOf(organizationId);
    return smsHelpText(organization.name, mailbox?.address ?? settings?.smtpFromEmail ?? null, number);
  }
}
