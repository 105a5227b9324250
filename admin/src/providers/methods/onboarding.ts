import type { OnboardingStepKey } from '@warranty-crm/contract';
import { apiGet, apiSend } from '../httpClient';

/** GET /api/onboarding: the new owner's setup checklist (issue 34). */
export interface OnboardingRecord {
  organization_name: string;
  steps: { key: OnboardingStepKey; label: string; done: boolean }[];
  complete: boolean;
  dismissed: boolean;
}

export const onboardingMethods = {
  getOnboarding: () => apiGet<OnboardingRecord>('/onboarding'),
  dismissOnboarding: () => apiSend<OnboardingRecord>('POST', '/onboarding/dismiss'),
};
