/**
 * The run's ports, all derived from E2E_PORT (the app's): playwright.config.ts starts the servers on
 * them and the tests reach the same servers through them.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const APP_URL = `http://127.0.0.1:${PORT}`;
/**
 * The servers the run starts beside the app listen above Linux's ephemeral range (32768-60999): inside
 * it, a connection of the run (the backend suite's just before, PostgreSQL's, the browser's) can hold the
 * port as its local one, and the server's listen then fails. PORT + 53000 once did for the fake Retell,
 * and PORT + 52000 (55210) for the fake Twilio. E2E_PORT values a multiple of 1,000 apart share these.
 */
const ABOVE_EPHEMERAL = (base: number) => base + (PORT % 1_000);

/** The app's embedded PostgreSQL. */
export const EMBEDDED_PG_PORT = ABOVE_EPHEMERAL(61_000);
/** The project's fake Twilio (backend/src/dev/fake-twilio), which the app's Twilio SDK talks to. */
export const FAKE_TWILIO_PORT = ABOVE_EPHEMERAL(62_000);
export const FAKE_TWILIO_URL = `http://127.0.0.1:${FAKE_TWILIO_PORT}`;
/** The app's inbound e-mail receiver. */
export const INBOUND_SMTP_PORT = ABOVE_EPHEMERAL(63_000);
/** Where the app's retell-sdk goes; a test that needs Retell starts the fake there (tests/fixtures.ts), long after the app. */
export const FAKE_RETELL_PORT = ABOVE_EPHEMERAL(64_000);
export const FAKE_RETELL_URL = `http://127.0.0.1:${FAKE_RETELL_PORT}`;
