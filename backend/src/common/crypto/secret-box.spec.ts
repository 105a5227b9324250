import { describe, expect, it } from '@jest/globals';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('a'.repeat(40));

  it('round-trips a secret without storing it in the clear', () => {
    const sealed = box.seal('twilio-auth-token-123');
    expect(sealed).not.toContain('twilio-auth-token-123');
    expect(box.open(sealed)).toBe('twilio-auth-token-123');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a secret sealed under another APP_SECRET or altered', () => {
    const sealed = box.seal('secret');
    expect(() => new SecretBox('b'.repeat(40)).open(sealed)).toThrow();
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
  });

  it('keeps "not set" as null', () => {
    expect(box.sealOptional('')).toBeNull();
    expect(box.openOptional(null)).toBeNull();
  });
});
