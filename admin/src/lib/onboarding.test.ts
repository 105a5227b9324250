import { describe, expect, it } from 'vitest';
import { dashboardGreeting, ONBOARDING_STEP_LINKS } from './onboarding';
import { fixWebhooksBlocked, FIX_NEEDS_NUMBERS, FIX_NEEDS_TWILIO } from './phoneSystem';
import { validateCredentials } from './validators';

describe('registration asks for the organization name', () => {
  it('requires it on the register form only, within the limit', () => {
    expect(validateCredentials({ username: 'ann', password: 'secret123', organizationName: '  ' }, true)).toEqual({ organizationName: 'Organization name is required' });
    expect(validateCredentials({ username: 'ann', password: 'secret123', organizationName: 'x'.repeat(256) }, true)).toEqual({
      organizationName: 'Organization name must be at most 255 characters',
    });
    expect(validateCredentials({ username: 'ann', password: 'secret123', organizationName: 'Acme' }, true)).toEqual({});
    expect(validateCredentials({ username: 'ann', password: 'secret123' }, false)).toEqual({});
  });
});

describe('the dashboard greeting', () => {
  it('welcomes a new organization to its setup, and says "Welcome back!" once set up or dismissed', () => {
    expect(dashboardGreeting({ organization_name: 'Acme', complete: false, dismissed: false })).toBe("Welcome! Let's set up Acme.");
    expect(dashboardGreeting({ organization_name: 'Acme', complete: true, dismissed: false })).toMatch(/^Welcome back!/);
    expect(dashboardGreeting({ organization_name: 'Acme', complete: false, dismissed: true })).toMatch(/^Welcome back!/);
    expect(dashboardGreeting(undefined)).toMatch(/^Welcome back!/);
  });

  it('links every step to its place', () => {
    expect(Object.fromEntries(Object.entries(ONBOARDING_STEP_LINKS).map(([k, v]) => [k, v.to]))).toEqual({
      brands: '/settings#tickets',
      products: '/settings#tickets',
      smtp: '/settings#smtp',
      twilio: '/settings#phone-setup',
      team: '/users',
    });
  });
});

describe('Fix Webhooks before it can work', () => {
  it('names why it is disabled', () => {
    expect(fixWebhooksBlocked(false, 2)).toBe(FIX_NEEDS_TWILIO);
    expect(fixWebhooksBlocked(true, 0)).toBe(FIX_NEEDS_NUMBERS);
    expect(fixWebhooksBlocked(true, 1)).toBeNull();
  });
});
