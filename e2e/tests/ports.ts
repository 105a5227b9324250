/**
 * The run's ports, all derived from E2E_PORT (the app's): playwright.config.ts starts the servers on
 * them and the tests reach the same servers through them.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const APP_URL = `http://127.0.0.1:${PORT}`;
/** The app's embedded PostgreSQL. */
export const EMBEDDED_PG_PORT = PORT + 51_000;
/** The project's fake Twilio (backend/src/dev/fake-twilio), which the app's Twilio SDK talks to. */
export const FAKE_TWILIO_PORT = PORT + 52_000;
export const FAKE_TWILIO_URL = `http://127.0.0.1:${FAKE_TWILIO_PORT}`;
/** The app's inbound e-mail receiver. */
export const INBOUND_SMTP_PORT = PORT + 54_000;
/**
 * Where the app's retell-sdk goes; a test that needs Retell starts the fake there (tests/fixtures.ts),
 * long after the app. Above Linux's ephemeral range (32768-60999): there, a connection of the run
 * can hold the port as its local one, and the fake's listen then fails (PORT + 53000 once did).
 */
export const FAKE_RETELL_PORT = 61_000 + (PORT % 4_000);
export const FAKE_RETELL_URL = `http://127.0.0.1:${FAKE_RETELL_PORT}`;
