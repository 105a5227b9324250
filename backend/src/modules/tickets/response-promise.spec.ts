import { describe, expect, it } from '@jest/globals';
import { PREFERRED_RESOLUTIONS } from '@warranty-crm/contract';
import { promisedResponseHours } from './response-promise.js';

const createdAt = new Date('2026-03-01T10:00:00Z');

describe('promisedResponseHours', () => {
  it("is the ticket's own promise: respond_by minus its creation, whatever the organization set", () => {
    expect(promisedResponseHours({ preferredResolution: 'Replacement', issueCategory: null, createdAt, respondBy: new Date('2026-03-01T16:00:00Z') })).toBe(6);
    expect(promisedResponseHours({ preferredResolution: 'Technical Support Only', issueCategory: null, createdAt, respondBy: new Date('2026-03-04T10:00:00Z') })).toBe(72);
  });

  it('falls back to the default of its kind without a respond_by: 48 hours for technical support, 24 for a warranty issue', () => {
    expect(promisedResponseHours({ preferredResolution: 'Technical Support Only', issueCategory: null, createdAt, respondBy: null })).toBe(48);
    const warranty = PREFERRED_RESOLUTIONS.filter((r) => r !== 'Technical Support Only' && r !== 'Unsure - Need Guidance');
    expect(warranty.map((r) => promisedResponseHours({ preferredResolution: r, issueCategory: 'Insufficient Height', createdAt, respondBy: null }))).toEqual(
      warranty.map(() => 24),
    );
    expect(promisedResponseHours({ preferredResolution: 'Unsure - Need Guidance', issueCategory: 'Insufficient Height', createdAt, respondBy: null })).toBe(48);
    expect(promisedResponseHours({ preferredResolution: null, issueCategory: null, createdAt, respondBy: null })).toBe(24);
  });
});
