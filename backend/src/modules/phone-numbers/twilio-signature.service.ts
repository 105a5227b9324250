import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { TwilioClients, type TwilioCredentials } from '../../integrations/twilio/twilio-clients.js';
import { InvalidTwilioSignatureError } from './phone-numbers.errors.js';

export { INVALID_SIGNATURE } from './phone-numbers.errors.js';

/**
 * A Twilio callback as the webhook controller reads it off the HTTP request: what the signature
 * check and the callbacks need, as plain values (services never see Express).
 */
export interface TwilioCallback {
  method: string;
  /** The path without the query (for the log line). */
  path: string;
  /** The path and query as received (`originalUrl`): with our public origin, the URL Twilio signed. */
  url: string;
  /** The X-Twilio-Signature header. */
  signature: string | undefined;
  /** The parsed body: Twilio posts a form; anything else fails the signature check. */
  body: unknown;
  /** The parsed query string. */
  query: Record<string, unknown>;
}

/**
 * ARCHITECTURE rule 7: a Twilio callback must carry an X-Twilio-Signature made with the owning
 * account's auth token over PUBLIC_BASE_URL + the path and query it was sent to, and its form fields.
 */
@Injectable()
export class TwilioSignatureService {
  private readonly logger = new Logger('TwilioWebhooks');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clients: TwilioClients,
  ) {}

  /** The URL Twilio signed: our public origin and the request's path and query as received. */
  signedUrl(callback: TwilioCallback): string {
    return `${this.config.publicBaseUrl}${callback.url}`;
  }

  /** Throws 403 unless the request is signed with the account's token; nothing is read or written before. */
  verify(callback: TwilioCallback, credentials: TwilioCredentials | null): void {
    const signature = callback.signature;
    const params = (callback.body ?? {}) as Record<string, unknown>;
    if (!credentials || !this.clients.isValidSignature(credentials.authToken, signature, this.signedUrl(callback), params)) {
      this.logger.warn(`Rejected ${callback.method} ${callback.path}: ${signature ? 'bad' : 'missing'} signature`);
      throw new InvalidTwilioSignatureError();
    }
  }
}
