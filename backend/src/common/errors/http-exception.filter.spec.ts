import { describe, expect, it, jest } from '@jest/globals';
import { ArgumentsHost, BadRequestException, Logger, NotFoundException } from '@nestjs/common';
import { ValidationFailedException } from './app-exception.js';
import { DomainError } from './domain-error.js';
import { HttpExceptionFilter } from './http-exception.filter.js';

function respond(exception: unknown, req = { method: 'GET', originalUrl: '/api/x' }): { status: number; body: unknown } {
  const sent = { status: 0, body: undefined as unknown };
  const res = {
    headersSent: false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }),
  } as unknown as ArgumentsHost;
  new HttpExceptionFilter().catch(exception, host);
  return sent;
}

describe('HttpExceptionFilter', () => {
  it("answers a domain error with its kind's status, its code and its field", () => {
    expect(respond(new DomainError('tickets.not_found', 'not_found', 'Ticket not found')).body).toEqual({
      statusCode: 404, error: 'Ticket not found', message: 'Ticket not found', code: 'tickets.not_found',
    });
    expect(respond(new DomainError('settings.bad_term', 'invalid', 'Warranty term is not valid', 'warranty_term'))).toEqual({
      status: 400,
      body: {
        statusCode: 400, error: 'Warranty term is not valid', message: 'Warranty term is not valid',
        code: 'settings.bad_term', errors: [{ field: 'warranty_term', message: 'Warranty term is not valid' }],
      },
    });
    expect(respond(new DomainError('twilio.unavailable', 'unavailable', 'Twilio is not answering')).status).toBe(502);
  });

  it('answers an unknown error with a logged 500 that leaks nothing', () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const sent = respond(new Error('connection string postgres://secret@db'));
    expect(sent).toEqual({
      status: 500,
      body: { statusCode: 500, error: 'Internal server error', message: 'Internal server error' },
    });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("logs an unknown error by path, class, code and redacted message: no query string, address, number or secret", () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const error = Object.assign(new Error('insert failed for zyx@example.test / +15550009876 password=hunter2xx'), { code: '23505' });
    respond(error, { method: 'POST', originalUrl: '/api/tickets?search=zyx%40example.test&phone=%2B15550009876' });
    expect(log).toHaveBeenCalledTimes(1);
    const [message, stack] = log.mock.calls[0] as [string, string];
    expect(message).toBe('POST /api/tickets failed: Error [23505]: insert failed for [email] / [phone] password=[redacted]');
    expect(stack).toMatch(/^\s+at /);
    expect(`${message}\n${stack}`).not.toMatch(/zyx|5550009876|hunter2/);
    log.mockRestore();
  });

  it('puts the human text of an HTTP error in both error and message', () => {
    expect(respond(new BadRequestException('Ticket ids are required')).body).toEqual({
      statusCode: 400,
      error: 'Ticket ids are required',
      message: 'Ticket ids are required',
    });
  });

  it("replaces the framework's 'Cannot GET' text with a plain Not found", () => {
    expect(respond(new NotFoundException('Cannot GET /api/nope')).body).toEqual({ statusCode: 404, error: 'Not found', message: 'Not found' });
    expect(respond(new NotFoundException('Ticket not found')).body).toMatchObject({ error: 'Ticket not found' });
  });

  it('names the first failing rule and lists every failure', () => {
    const errors = [
      { field: 'customerName', message: 'Full name is required' },
      { field: 'orderNumber', message: 'Order number is required' },
    ];
    expect(respond(new ValidationFailedException(errors)).body).toEqual({
      statusCode: 400,
      error: 'Full name is required',
      message: 'Full name is required',
      errors,
    });
  });
});
