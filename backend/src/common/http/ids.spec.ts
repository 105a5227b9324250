import { describe, expect, it } from '@jest/globals';
import { NotFoundException } from '@nestjs/common';
import { DomainError } from '../errors/domain-error.js';
import { containsPattern, isUuid, uuidOr404 } from './ids.js';

describe('ids and search patterns', () => {
  it('tells a UUID from anything else', () => {
    expect(isUuid('0b6f3a52-6f0e-4c39-9f0a-2f7d1c7f2a10')).toBe(true);
    expect(isUuid('0B6F3A52-6F0E-4C39-9F0A-2F7D1C7F2A10')).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });

  it('answers a malformed route id with the given 404', async () => {
    const pipe = uuidOr404('Ticket not found');
    await expect(pipe.transform('abc', { type: 'param' })).rejects.toThrow(new NotFoundException('Ticket not found'));
    await expect(pipe.transform('0b6f3a52-6f0e-4c39-9f0a-2f7d1c7f2a10', { type: 'param' })).resolves.toBe(
      '0b6f3a52-6f0e-4c39-9f0a-2f7d1c7f2a10',
    );
  });

  it("answers a malformed route id with the module's not-found domain error when given one", async () => {
    const pipe = uuidOr404(() => new DomainError('tickets.not_found', 'not_found', 'Ticket not found'));
    await expect(pipe.transform('abc', { type: 'param' })).rejects.toMatchObject({ code: 'tickets.not_found', kind: 'not_found', message: 'Ticket not found' });
  });

  it('escapes LIKE wildcards', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
