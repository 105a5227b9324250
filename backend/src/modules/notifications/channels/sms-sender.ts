import type { EntityManager } from '@mikro-orm/postgresql';

/** An SMS that cannot be sent at all (no account, no number): skipped, never retried. */
export class SmsUnavailableError extends Error {}

/** Sends a text from one of the organization's numbers (the telephony module's Twilio account). */
export interface SmsSender {
  /** Throws SmsUnavailableError when the organization cannot text; any other error is a provider failure. */
  send(em: EntityManager, organizationId: string, message: { to: string; body: string; brand?: string | null }): Promise<{ sid: string; from: string }>;
}

export const SMS_SENDER = Symbol('SmsSender');
