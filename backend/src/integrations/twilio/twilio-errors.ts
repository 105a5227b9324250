import { Logger } from '@nestjs/common';
import twilio from 'twilio';
import { redactText } from '../../common/logging/redact.js';
import { ProviderUnavailableError } from '../provider.errors.js';

const logger = new Logger('Twilio');

/** A Twilio REST error answer (4xx/5xx from the API, not a network failure). */
export function isTwilioRestError(error: unknown): error is InstanceType<typeof twilio.RestException> {
  return error instanceof twilio.RestException;
}

/**
 * A failed provider call as the API answers it (ARCHITECTURE rule 3, spec part 2 section 8): a 502
 * with the action's fallback text, or Twilio's own message where the spec shows "server message".
 * Only the status, code and message are logged: an axios error carries the request's credentials.
 */
export function providerFailure(action: string, error: unknown, fallback: string, options: { passMessage?: boolean } = {}): ProviderUnavailableError {
  if (isTwilioRestError(error)) {
    logger.warn(`${action}: Twilio answered ${error.status}${error.code ? ` (code ${error.code})` : ''}: ${redactText(error.message)}`);
    const message = options.passMessage && error.status < 500 && error.message && !error.message.startsWith('[HTTP') ? error.message : fallback;
    return new ProviderUnavailableError('twilio', message);
  }
  logger.warn(`${action}: Twilio unreachable: ${redactText((error as Error)?.message ?? String(error))}`);
  return new ProviderUnavailableError('twilio', fallback);
}
