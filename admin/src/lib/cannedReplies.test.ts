import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_HELP, preview, validateCannedReply } from './cannedReplies';

describe('validateCannedReply', () => {
  it('asks for a name and a text, with the API messages', () => {
    expect(validateCannedReply({ name: '  ', body: ' ' })).toEqual({ name: 'Name is required', body: 'Reply text is required' });
    expect(validateCannedReply({ name: 'x'.repeat(101), body: 'ok' })).toEqual({ name: 'Name must be at most 100 characters' });
    expect(validateCannedReply({ name: 'Shipped', body: 'b'.repeat(5001) })).toEqual({ body: 'Reply text must be at most 5000 characters' });
    expect(validateCannedReply({ name: 'Shipped', body: 'It left today.' })).toEqual({});
  });
});

describe('canned reply texts', () => {
  it('lists the placeholders and previews a body on one line', () => {
    expect(PLACEHOLDER_HELP).toBe('Placeholders: {{ticket_number}}, {{customer_first_name}}, {{product}}, {{warranty_days_left}}, {{respond_by}}');
    expect(preview('Hi {{customer_first_name}},\n\nthanks', 200)).toBe('Hi {{customer_first_name}}, thanks');
    expect(preview('abcdef', 4)).toBe('abc…');
  });
});
