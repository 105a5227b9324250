import { describe, expect, it } from 'vitest';
import { isRetryable, uploadErrorMessage } from './uploadErrors';

describe('uploadErrorMessage', () => {
  it("uses the spec's texts for storage answers", () => {
    expect(uploadErrorMessage({ status: 401 })).toBe('Authorization required');
    expect(uploadErrorMessage({ status: 403, message: 'S3 returned 403 – AccessDenied' })).toBe('Request has expired');
    expect(uploadErrorMessage({ name: 'TimeoutError', message: 'Request timed out' })).toBe('Request has expired');
    expect(uploadErrorMessage({ status: 500, message: 'S3 returned 500' })).toBe('Non 2xx');
    expect(uploadErrorMessage({ status: 404 })).toBe('Non 2xx');
    expect(uploadErrorMessage({ message: 'Network error during S3 request' })).toBe('Unknown error');
  });

  it("shows the server's reason when the upload URL is refused", () => {
    expect(uploadErrorMessage({ isUploadParametersError: true, status: 400, message: 'Only MP3 or WAV audio files can be uploaded' }))
      .toBe('Only MP3 or WAV audio files can be uploaded');
    expect(uploadErrorMessage({ isUploadParametersError: true, status: 401, message: 'Not signed in' })).toBe('Authorization required');
  });
});

describe('isRetryable', () => {
  it.each([408, 409, 418, 423, 429, 500, 502, 503, 504, 599, 403])('retries %i', (status) => {
    expect(isRetryable({ status })).toBe(true);
  });

  it.each([400, 401, 404, 411, 413, 501, 505])('does not retry %i', (status) => {
    expect(isRetryable({ status })).toBe(false);
  });

  it('retries a timeout but neither a network failure without status nor a refused upload URL', () => {
    expect(isRetryable({ name: 'TimeoutError' })).toBe(true);
    expect(isRetryable({ message: 'Network error' })).toBe(false);
    expect(isRetryable({ isUploadParametersError: true, status: 400 })).toBe(false);
    expect(isRetryable({ isUploadParametersError: true, status: 403 })).toBe(false);
  });
});
