import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { redactText } from './redact.js';

const logger = new Logger('HTTP');

/**
 * One debug line per request (LOG_LEVEL=debug): method, path, status and time. Never the query
 * string, the body or a header: a search, a webhook's form or a cookie would carry a person's data
 * or a secret. The path itself goes through the redaction (an address typed into a URL).
 */
export function requestLog() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const path = req.originalUrl.split('?')[0];
      logger.debug(`${req.method} ${redactText(path)} ${res.statusCode} ${ms.toFixed(1)} ms`);
    });
    next();
  };
}
