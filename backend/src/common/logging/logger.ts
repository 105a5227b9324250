import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { type AppLogLevel, LOG_LEVELS } from '../../config/config.js';
import { redactValue } from './redact.js';

/** The Nest levels LOG_LEVEL enables. */
export function nestLogLevels(level: AppLogLevel): LogLevel[] {
  return ['fatal', ...LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1)];
}

/**
 * The app's one logger (every `new Logger(context)` writes through it): Nest's console logger with
 * each message and stack passed through the redaction first, so an address, a phone number or a
 * secret that slipped into a message is masked before it reaches stdout.
 */
export class RedactingLogger extends ConsoleLogger {
  constructor(level: AppLogLevel = 'log') {
    super({ logLevels: nestLogLevels(level) });
  }

  override log(message: unknown, ...rest: unknown[]): void {
    super.log(redactValue(message), ...rest.map((part) => redactValue(part)));
  }

  override warn(message: unknown, ...rest: unknown[]): void {
    super.warn(redactValue(message), ...rest.map((part) => redactValue(part)));
  }

  override error(message: unknown, ...rest: unknown[]): void {
    super.error(redactValue(message), ...rest.map((part) => redactValue(part)));
  }

  override fatal(message: unknown, ...rest: unknown[]): void {
    super.fatal(redactValue(message), ...rest.map((part) => redactValue(part)));
  }

  override debug(message: unknown, ...rest: unknown[]): void {
    super.debug(redactValue(message), ...rest.map((part) => redactValue(part)));
  }

  override verbose(message: unknown, ...rest: unknown[]): void {
    super.verbose(redactValue(message), ...rest.map((part) => redactValue(part)));
  }
}
