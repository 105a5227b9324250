/**
 * The backend tests' fakes, shared rather than copied: a real SMTP server on 127.0.0.1 that keeps
 * the messages it accepts (SmtpCatcher), a small real WAV file (wavBytes), and a fake Retell API
 * (startFakeRetell) on the port playwright.config.ts gives the app as RETELL_API_BASE_URL.
 */
export { SmtpCatcher } from '../../backend/test/support/smtp-catcher.js';
export { wavBytes } from '../../backend/test/factories/uploads.js';
export { type FakeRetell, startFakeRetell } from '../../backend/test/support/fake-retell.js';
