import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TwilioClients } from '../../../integrations/twilio/twilio-clients.js';
import { isTwilioRestError } from '../../../integrations/twilio/twilio-errors.js';
import { TwilioAccountService } from '../../organizations/twilio-account.service.js';
import { BrandPhoneNumber } from '../../phone-numbers/brand-phone-number.entity.js';
import { type OutgoingSms, type SmsSender, SmsUnavailableError } from './sms-sender.js';

export const NO_TWILIO = 'No Twilio account connected';
export const NO_SENDER_NUMBER = 'No organization phone number to send from';
/** How far back a retry looks for its earlier attempt's message (longer than the job's whole backoff). */
const SENT_LOOKBACK_MS = 2 * 24 * 3600 * 1000;

/**
 * Texts through the organization's Twilio account (the telephony module's client factory), from
 * its number of the notification's brand, else its oldest number. A refusal by Twilio (4xx other
 * than 429: a bad or unreachable number) will not succeed on a retry, so it is "unavailable";
 * 5xx, 429 and network failures are thrown as they are and retried. A retry of a marked message
 * first lists the recent messages from that number to that phone and returns the one that carries
 * the marker, if an earlier attempt's went through: at most once towards the person.
 */
@Injectable()
export class TwilioSmsSender implements SmsSender {
  constructor(
    private readonly twilioAccount: TwilioAccountService,
    private readonly clients: TwilioClients,
  ) {}

  async send(em: EntityManager, organizationId: string, message: OutgoingSms): Promise<{ sid: string; from: string }> {
    const credentials = await this.twilioAccount.credentials(organizationId, em);
    if (!credentials) throw new SmsUnavailableError(NO_TWILIO);
    const numbers = await em.getRepository(BrandPhoneNumber).ofOrganizationOldestFirst(organizationId);
    const from = (message.brand ? numbers.find((n) => n.brand === message.brand) : undefined) ?? numbers[0];
    if (!from) throw new SmsUnavailableError(NO_SENDER_NUMBER);
    const client = this.clients.forAccount(credentials);
    try {
      if (message.retry && message.marker) {
        const recent = await client.messages.list({ to: message.to, from: from.phoneNumber, dateSentAfter: new Date(Date.now() - SENT_LOOKBACK_MS), limit: 50 });
        const earlier = recent.find((m) => m.body?.includes(message.marker as string));
        if (earlier) return { sid: earlier.sid, from: from.phoneNumber };
      }
      const sent = await client.messages.create({ to: message.to, from: from.phoneNumber, body: message.body });
      return { sid: sent.sid, from: from.phoneNumber };
    } catch (error) {
      if (isTwilioRestError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) {
        throw new SmsUnavailableError(`Twilio refused the message: ${error.message}`);
      }
      throw error;
    }
  }
}
