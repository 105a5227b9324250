import { describe, expect, it } from 'vitest';
import { failureMessage, fieldErrorsFrom } from './fieldErrors';

describe('fieldErrorsFrom', () => {
  it('maps the errors list of an HttpError body to field messages', () => {
    const failure = {
      message: 'Must be a valid email',
      body: {
        statusCode: 400,
        error: 'Must be a valid email',
        errors: [
          { field: 'email', message: 'Must be a valid email' },
          { field: 'phone', message: 'Please use E.164 format (e.g., +15551234567)' },
        ],
      },
    };
    expect(fieldErrorsFrom(failure)).toEqual({
      email: 'Must be a valid email',
      phone: 'Please use E.164 format (e.g., +15551234567)',
    });
  });
  it('accepts the body itself and keeps the first message of a field', () => {
    const body = { errors: [{ field: 'email', message: 'first' }, { field: 'email', message: 'second' }] };
    expect(fieldErrorsFrom(body)).toEqual({ email: 'first' });
  });
  it('answers nothing for failures without field errors', () => {
    expect(fieldErrorsFrom(new Error('boom'))).toEqual({});
    expect(fieldErrorsFrom({ body: 'Internal Server Error' })).toEqual({});
    expect(fieldErrorsFrom(undefined)).toEqual({});
  });
});

describe('failureMessage', () => {
  it("uses the failure's message", () => {
    expect(failureMessage(new Error('Current password is incorrect'), 'Failed to change password')).toBe('Current password is incorrect');
  });
  it('falls back when the failure carries no message', () => {
    expect(failureMessage(new Error(''), 'Failed to change password')).toBe('Failed to change password');
    expect(failureMessage(undefined, 'Failed to change password')).toBe('Failed to change password');
  });
});
