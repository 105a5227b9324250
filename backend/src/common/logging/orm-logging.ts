import type { LoggerNamespace } from '@mikro-orm/core';
import { Logger } from '@nestjs/common';
import type { AppLogLevel } from '../../config/config.js';
import { redactText } from './redact.js';

const logger = new Logger('MikroORM');

/**
 * MikroORM's logging for the app: its lines go through the app's (redacting) logger; at
 * LOG_LEVEL=debug its SQL is logged, never with `query-params` (the values would be customers' names,
 * addresses and numbers inlined into the statement).
 */
export function ormLogging(level: AppLogLevel): { debug: LoggerNamespace[] | false; logger: (message: string) => void; colors: boolean } {
  const verbose = level === 'debug' || level === 'verbose';
  return {
    debug: verbose ? ['query', 'info', 'discovery'] : false,
    logger: (message) => (verbose ? logger.debug(redactText(message)) : logger.log(redactText(message))),
    colors: false,
  };
}
