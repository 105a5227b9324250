import { DomainError } from '../common/errors/domain-error.js';

export type Provider = 'twilio' | 'retell' | 'smtp';

/**
 * A provider (Twilio, Retell, the SMTP server) failed, refused or could not be reached: a 502 with
 * the action's text (spec part 2 section 8). The code names the provider: `twilio.unavailable`.
 */
export class ProviderUnavailableError extends DomainError {
  constructor(
    readonly provider: Provider,
    message: string,
  ) {
    super(`${provider}.unavailable`, 'unavailable', message);
  }
}
