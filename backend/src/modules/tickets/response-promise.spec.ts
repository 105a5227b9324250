import { describe, expect, it } from '@jest/globals';
import { PREFERRED_RESOLUTIONS } from '@warranty-crm/contract';
import { promisedResponseHours } from './response-promise.js';

describe('promisedResponseHours', () => {
  it('promises 48 hours to a customer who asked for technical support only', () => {
    expect(promisedResponseHours({ preferredResolution: 'Technical Support Only' })).toBe(48);
  });

  it('promises 24 hours for every warranty resolution and when none was given', () => {
    const warranty = PREFERRED_RESOLUTIONS.filter((r) => r !== 'Technical Support Only');
    expect(warranty.map((r) => promisedResponseHours({ preferredResolution: r }))).toEqual(warranty.map(() => 24));
    expect(promisedResponseHours({ preferredResolution: null })).toBe(24);
  });
});
