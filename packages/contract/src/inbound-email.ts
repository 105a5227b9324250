/** Inbound e-mail (issue 29): where providers post mail, and the messages of its settings. */

/** The inbound-mail webhook's path (Mailgun's forward() shape), under PUBLIC_BASE_URL. */
export const INBOUND_EMAIL_WEBHOOK_PATH = '/api/webhooks/inbound-email';

export const INBOUND_EMAIL_MESSAGES = {
  address: 'Enter a valid e-mail address',
  addressTaken: 'Another organization already receives e-mail at this address',
  signingKey: 'signing_key must be text of at most 200 characters',
} as const;
