import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { describeError, stackFrames } from '../logging/redact.js';
import { ValidationFailedException } from './app-exception.js';
import { DOMAIN_ERROR_STATUS, DomainError } from './domain-error.js';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: { field: string; message: string }[];
  /** A domain error's stable code. */
  code?: string;
  /** What a domain error names besides its text (the conflicting record, say). */
  details?: Record<string, unknown>;
}

/** Extracts the human text from whatever an HttpException carries. */
function humanMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return String(message[0]);
  if (typeof message === 'string' && message) return message;
  return exception.message;
}

/**
 * Every non-2xx answer is `{ statusCode, error, message }` with the human text in both fields
 * (the client shows `error` first). Unknown errors are logged and answered as a bare 500.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const body = this.toBody(exception, req);
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, req: Request): ErrorBody {
    if (exception instanceof ValidationFailedException) {
      const message = humanMessage(exception);
      return { statusCode: 400, error: message, message, errors: exception.errors };
    }
    if (exception instanceof DomainError) {
      const statusCode = DOMAIN_ERROR_STATUS[exception.kind];
      const message = exception.message;
      const body: ErrorBody = { statusCode, error: message, message, code: exception.code };
      if (exception.field) body.errors = [{ field: exception.field, message }];
      if (exception.details) body.details = exception.details;
      return body;
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const message = statusCode === HttpStatus.NOT_FOUND && !humanMessageIsCustom(exception)
        ? 'Not found'
        : humanMessage(exception);
      return { statusCode, error: message, message };
    }
    const status = (exception as { status?: number; statusCode?: number })?.status
      ?? (exception as { statusCode?: number })?.statusCode;
    // body-parser and friends throw plain errors with an HTTP status (malformed JSON, payload too large).
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = status === 413 ? 'Request body is too large'
        : status === 400 ? 'Malformed request body' : 'Bad request';
      return { statusCode: status, error: message, message };
    }
    // The path without its query, the error's class, code and (redacted) message and the stack's
    // frames: never the body, the query string or what the message line of a stack may quote.
    this.logger.error(`${req.method} ${req.originalUrl.split('?')[0]} failed: ${describeError(exception)}`, stackFrames(exception));
    return { statusCode: 500, error: 'Internal server error', message: 'Internal server error' };
  }
}

/** Nest's own "Cannot GET /x" 404s are replaced by a plain "Not found". */
function humanMessageIsCustom(exception: HttpException): boolean {
  return !/^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(humanMessage(exception));
}
