import { Injectable } from '@nestjs/common';
import { type SmsSender, SmsUnavailableError } from './sms-sender.js';

export const NO_TWILIO = 'No Twilio account connected';

/** Until the telephony module's Twilio sender is wired, no organization can text. */
@Injectable()
export class UnconnectedSmsSender implements SmsSender {
  async send(): Promise<never> {
    throw new SmsUnavailableError(NO_TWILIO);
  }
}
