/**
 * The backend tests' fakes, shared rather than copied: a real SMTP server on 127.0.0.1 that keeps
 * the messages it accepts (SmtpCatcher), and a small real WAV file (wavBytes).
 */
export { SmtpCatcher } from '../../backend/test/support/smtp-catcher.js';
export { wavBytes } from '../../backend/test/factories/uploads.js';
