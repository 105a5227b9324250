import { ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { TwilioClients, type TwilioCredentials } from '../../integrations/twilio/twilio-clients.js';

export const INVALID_SIGNATURE = 'Invalid Twilio signature';

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
  signedUrl(req: Request): string {
    return `${this.config.publicBaseUrl}${req.originalUrl}`;
  }

  /** Throws 403 unless the request is signed with the account's token; nothing is read or written before. */
  verify(req: Request, credentials: TwilioCredentials | null): void {
    const signature = req.header('x-twilio-signature');
    const params = (req.body ?? {}) as Record<string, unknown>;
    if (!credentials || !this.clients.isValidSignature(credentials.authToken, signature, this.signedUrl(req), params)) {
      this.logger.warn(`Rejected ${req.method} ${req.path}: ${signature ? 'bad' : 'missing'} signature`);
      throw new ForbiddenException(INVALID_SIGNATURE);
    }
  }
}
