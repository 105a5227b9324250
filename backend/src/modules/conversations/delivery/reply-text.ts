import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { NO_TWILIO_MESSAGE } from '@warranty-crm/contract';
import { TwilioClients } from '../../../integrations/twilio/twilio-clients.js';
import { isTwilioRestError } from '../../../integrations/twilio/twilio-errors.js';
import { TwilioAccountService } from '../../organizations/twilio-account.service.js';
import type { Ticket } from '../../tickets/ticket.entity.js';
import { smsMarker, smsText } from '../sender-number.js';
import type { TicketMessage } from '../ticket-message.entity.js';
import { PermanentDeliveryError } from './delivery-errors.js';

/** How far back a resend looks for an earlier attempt's text (longer than the job's whole backoff). */
const SENT_LOOKBACK_MS = 2 * 24 * 3600 * 1000;

/**
 * Sends an agent's SMS reply through Twilio Messaging (the official SDK, the organization's
 * account) from the number stored on the message. A resend (any attempt after the first) first
 * lists the recent texts from that number to the customer and takes the one carrying the message's
 * reference, if an earlier attempt's got through: at most once towards the customer. A refusal by
 * Twilio (4xx other than 429: a bad or unreachable number) is permanent; 5xx, 429 and network
 * failures are retried.
 */
@Injectable()
export class ReplyText {
  constructor(
    private readonly twilioAccount: TwilioAccountService,
    private readonly clients: TwilioClients,
  ) {}

  /** Returns Twilio's MessageSid. */
  async send(em: EntityManager, organizationId: string, message: TicketMessage, resend: boolean): Promise<string> {
    const credentials = await this.twilioAccount.credentials(organizationId, em);
    if (!credentials) throw new PermanentDeliveryError(NO_TWILIO_MESSAGE);
    const client = this.clients.forAccount(credentials);
    const from = message.fromAddress!;
    const to = message.toAddress!;
    const marker = smsMarker((message.ticket as Ticket).ticketNumber, message.id);
    try {
      if (resend) {
        const recent = await client.messages.list({ to, from, dateSentAfter: new Date(Date.now() - SENT_LOOKBACK_MS), limit: 50 });
        const earlier = recent.find((m) => m.body?.includes(marker));
        if (earlier) return earlier.sid;
      }
      const sent = await client.messages.create({ to, from, body: smsText(message.body, marker) });
      return sent.sid;
    } catch (error) {
      if (isTwilioRestError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) {
        throw new PermanentDeliveryError(`Twilio refused the message: ${error.message}`);
      }
      throw error;
    }
  }
}
