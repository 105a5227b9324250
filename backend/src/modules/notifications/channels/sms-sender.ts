import type { EntityManager } from '@mikro-orm/postgresql';

/** An SMS that cannot be sent at all (no account, no number): skipped, never retried. */
export class SmsUnavailableError extends Error {}

/** Sends a text from one of the organization's numbers (the telephony module's Twilio account). */
export interface OutgoingSms {
  to: string;
  body: string;
  brand?: string | null;
  /**
   * A text the body contains that no other message has (the delivery's reference). With it, a retry
   * first asks the provider whether a message to `to` with the marker already exists (an earlier
   * attempt may have been accepted without the answer reaching us) and sends only if not.
   */
  marker?: string;
  retry?: boolean;
}

export interface SmsSender {
  /** Throws SmsUnavailableError when the organization cannot text; any other error is a provider failure. */
  send(em: EntityManager, organizationId: string, message: OutgoingSms): Promise<{ sid: string; from: string }>;
}

export const SMS_SENDER = Symbol('SmsSender');
