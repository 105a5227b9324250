/**
 * Onboarding (issue 34): the registration's organization name and the new owner's setup
 * checklist. Both sides use these: the API validates with the same limit and messages the
 * registration form shows, and the dashboard renders the checklist's steps in this order.
 */

export const ORGANIZATION_NAME_MAX = 255;
export const ORGANIZATION_NAME_REQUIRED = 'Organization name is required';
export const ORGANIZATION_NAME_TOO_LONG = `Organization name must be at most ${ORGANIZATION_NAME_MAX} characters`;
export const ORGANIZATION_NAME_TEXT = 'Organization name must be text';

/** The name an organization gets when the registration names none (the API's old behaviour). */
export function defaultOrganizationName(username: string): string {
  return `${username}'s organization`;
}

/** The checklist's steps, in order. */
export const ONBOARDING_STEPS = ['brands', 'products', 'smtp', 'twilio', 'team'] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_STEP_LABELS: Record<OnboardingStepKey, string> = {
  brands: 'Add your brands',
  products: 'Add your products',
  smtp: 'Connect your outgoing e-mail (SMTP)',
  twilio: 'Connect Twilio (or try the built-in simulation)',
  team: 'Invite your team',
};
