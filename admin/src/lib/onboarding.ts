import type { OnboardingStepKey } from '@warranty-crm/contract';

/** Where each setup step is done (Settings sections open by their anchor). */
export const ONBOARDING_STEP_LINKS: Record<OnboardingStepKey, { to: string; action: string; hint: string }> = {
  brands: { to: '/settings#tickets', action: 'Add brands', hint: 'Settings → Tickets Configuration: the brands your customers buy' },
  products: { to: '/settings#tickets', action: 'Add products', hint: 'Settings → Tickets Configuration: products and their warranty terms, or import a CSV' },
  smtp: { to: '/settings#smtp', action: 'Set up SMTP', hint: 'Settings → SMTP Configuration: the server that sends your e-mails' },
  twilio: {
    to: '/settings#phone-setup',
    action: 'Connect Twilio',
    hint: 'Settings → Phone Setup: your Twilio account. No account yet? Try the built-in Twilio simulation on the Phone System page',
  },
  team: { to: '/users', action: 'Invite', hint: 'Users: invite your agents and admins' },
};

/** The dashboard's subtitle: a welcome that fits a new organization, "Welcome back!" once it is set up. */
export function dashboardGreeting(onboarding: { organization_name: string; complete: boolean; dismissed: boolean } | undefined): string {
  if (onboarding && !onboarding.complete && !onboarding.dismissed) return `Welcome! Let's set up ${onboarding.organization_name}.`;
  return "Welcome back! Here's what's happening with your warranty tickets.";
}
