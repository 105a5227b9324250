import { describe, expect, it } from 'vitest';
import { errorMessageFrom } from './httpError';

describe('errorMessageFrom', () => {
  it('prefers the JSON body error field', () => {
    const body = JSON.stringify({ statusCode: 400, error: 'Username already exists', message: 'other' });
    expect(errorMessageFrom(body, 'Bad Request')).toBe('Username already exists');
  });
  it('falls back to the message field when error is absent', () => {
    expect(errorMessageFrom(JSON.stringify({ message: 'Not allowed' }), 'Forbidden')).toBe('Not allowed');
  });
  it('falls back to the raw body text when the body has neither field', () => {
    expect(errorMessageFrom('{"foo":1}', 'Bad Request')).toBe('{"foo":1}');
  });
  it('uses the raw text of a non-JSON body', () => {
    expect(errorMessageFrom('Service down', 'Bad Gateway')).toBe('Service down');
  });
  it('uses the HTTP status text when the body is empty', () => {
    expect(errorMessageFrom('', 'Internal Server Error')).toBe('Internal Server Error');
  });
});
