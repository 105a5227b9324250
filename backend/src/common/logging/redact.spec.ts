import { describe, expect, it } from '@jest/globals';
import { describeError, redactText, redactValue, stackFrames } from './redact.js';

describe('redactText', () => {
  it('masks e-mail addresses, plain and URL-encoded, with plus tags', () => {
    expect(redactText('mail from zyx.marker+1@example.test failed')).toBe('mail from [email] failed');
    expect(redactText('From=zyx.marker%2B1%40example.test&x=1')).toBe('From=[email]&x=1');
  });

  it('masks phone numbers in E.164 (plain, spaced, URL-encoded) and the national forms', () => {
    expect(redactText("The 'To' number +15550009876 is not valid")).toBe("The 'To' number [phone] is not valid");
    expect(redactText('To=%2B15550009876&Body=hi')).toBe('To=[phone]&Body=hi');
    expect(redactText('call +1 555 000 9876 now')).toBe('call [phone] now');
    expect(redactText('call (555) 000-9876 or 555-000-9876 or 555.000.9876')).toBe('call [phone] or [phone] or [phone]');
  });

  it('leaves ids, counts, durations, dates and ticket numbers alone', () => {
    const line = 'Job 1234567 (send-email) failed, attempt 3 of 10 after 1532.25 ms; ticket WC-2026-000123 of 2026-11-25T18:54:22Z, organization 3f2a1c9e-1234-5678-9abc-def012345678';
    expect(redactText(line)).toBe(line);
  });

  it("keeps a stored file's ids but not its uploaded name", () => {
    const org = '3f2a1c9e-1234-4678-9abc-def012345678';
    const id = '0b9d7c4e-5f6a-4b8c-9d0e-1f2a3b4c5d6e';
    expect(redactText(`Upload to uploads/${org}/${id}-Zyxmarker-Qwvperson_receipt.jpg failed`)).toBe(`Upload to uploads/${org}/${id}-[file] failed`);
    expect(redactText(`Could not remove /objects/uploads/${org}/${id}-zyxmarker-receipt.jpg: gone`)).toBe(`Could not remove /objects/uploads/${org}/${id}-[file]: gone`);
    expect(redactText(`greeting uploads/${org}/greeting-zyx.wav`)).toBe(`greeting uploads/${org}/[file]`);
  });

  it('masks secrets named in key=value, key: value and JSON pairs, and Basic/Bearer credentials', () => {
    expect(redactText('password=Qw3rtyMarker&user=a')).toBe('password=[redacted]&user=a');
    expect(redactText('{"smtp_password":"Qw3rtyMarker","port":25}')).toBe('{"smtp_password":"[redacted]","port":25}');
    expect(redactText('AuthToken: tok_marker_123')).toBe('AuthToken: [redacted]');
    expect(redactText('cookie wcrm.sid=s%3Aabc.def; other')).not.toContain('s%3Aabc');
    expect(redactText('Authorization: Basic QUM6c2VjcmV0')).not.toContain('QUM6c2VjcmV0');
    expect(redactText('Bearer key_live_marker')).toBe('Bearer [redacted]');
  });
});

describe('redactValue', () => {
  it("replaces secrets and a person's fields of an object, and redacts the other strings", () => {
    const value = redactValue({
      From: '+15550009876',
      CallerName: 'Zyxmarker Qwvperson',
      TranscriptionText: 'my jack broke',
      auth_token: 'tok',
      job: { id: '7', note: 'write to zyx@example.test' },
      count: 3,
    });
    expect(value).toEqual({
      From: '[personal]',
      CallerName: '[personal]',
      TranscriptionText: '[personal]',
      auth_token: '[redacted]',
      job: { id: '7', note: 'write to [email]' },
      count: 3,
    });
  });
});

describe('errors', () => {
  it("describe an error by class, code and redacted message, and keep only the stack's frames", () => {
    const error = Object.assign(new Error('550 5.1.1 <zyx.marker@example.test>: Recipient address rejected'), { code: 'EENVELOPE' });
    expect(describeError(error)).toBe('Error [EENVELOPE]: 550 5.1.1 <[email]>: Recipient address rejected');
    const frames = stackFrames(error)!;
    expect(frames).toMatch(/^\s+at /);
    expect(frames).not.toContain('Recipient');
  });
});
