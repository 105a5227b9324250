/**
 * The Settings screens' messages that the API answers too (issue 26: SMTP errors named the raw
 * fields, "smtp_port must be ..."). One human message per field.
 */
export const SMTP_MESSAGES = {
  smtp_host: 'SMTP host must be a host name such as smtp.example.com, or an IP address',
  smtp_host_length: 'SMTP host must be at most 255 characters',
  smtp_port: 'SMTP port must be a number between 1 and 65535',
  smtp_username: 'SMTP username must be text of at most 255 characters',
  smtp_password: 'SMTP password must be text of at most 1000 characters',
  smtp_from_email: 'From email must be a valid email address, such as support@example.com',
  smtp_from_name: 'From name must be text of at most 255 characters',
} as const;

/** The test e-mail's failure without a message from the server (the spec's text named Resend; we send by SMTP). */
export const TEST_EMAIL_FALLBACK = 'Please check your SMTP settings.';
