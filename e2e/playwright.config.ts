import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { APP_URL as baseURL, EMBEDDED_PG_PORT, FAKE_RETELL_URL, FAKE_TWILIO_PORT, FAKE_TWILIO_URL, INBOUND_SMTP_PORT, PORT } from './tests/ports.js';

// Debian's headless shell (package chromium-headless-shell, which .ci/run installs) before its full Chromium:
// the same engine without the browser's UI layer, and the build Playwright itself runs headless. The suite
// takes a fifth less time in it on these 2 cores (bench/README.md). CHROMIUM_PATH picks another build.
const chromium = process.env.CHROMIUM_PATH
  ?? ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

/**
 * Drives the built app (npm run build first) in Chromium. The server starts on a fresh data
 * directory with its own embedded PostgreSQL and stops with SIGTERM, which stops PostgreSQL too.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Tests, not files, are handed to the workers: a long file no longer runs on alone at the end while
  // the other workers are done. Files whose tests share something of their own (a fake on a fixed
  // port, a build) keep their tests together (test.describe.configure({ mode: 'default' })).
  fullyParallel: true,
  // Three tests at a time against the one app: much of a test is waiting (for the network to settle,
  // for the queue), which the other workers fill. Tests share nothing but the app: each makes its own
  // organization with a name no other worker's test takes (support.ts, uniqueName), and buys phone
  // numbers in its worker's own area code (phone-support.ts). The whole
  // suite on these 2 cores in the headless shell: 2 workers 5.6 min, 3 workers 4.6, 4 workers 4.8.
  workers: 3,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    // A trace records a screencast of every test, kept only on failure: a third of Chromium's CPU
    // on these 2 cores. Off unless asked for (E2E_TRACE=1, e.g. to debug a failure locally).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // The admin honours prefers-reduced-motion (no transitions, ripples or looping animations):
    // nothing to wait for between a click and its result, and no frames to paint meanwhile.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream',
        // A test's page lives a few seconds, and most of what V8's optimizing compilers (Maglev,
        // TurboFan) make for it is thrown away unused. With the interpreter and Sparkplug only,
        // Chromium's renderers take 7-10 % less CPU over the suite; without Sparkplug as well, more
        // than with all four (bench/README.md). The bench's first-load figure keeps them: a user's does.
        '--js-flags=--no-maglev --no-turbofan',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    // The phone project runs the specs whose screens change with the width (drawer instead of the
    // sidebar, cards instead of the table, a list/detail swap, the search box behind a button); the
    // other screens are the same components in one column, and running them twice would double the run.
    // Issue 34's first hour runs at both sizes too: axe over every page, the quiet console, the
    // onboarding checklist and the simulated call from the Phone System page.
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
      testMatch: /(shell|auth|dashboard|tickets|phone-system|search|accessibility|console|phone-screens|onboarding|phone-simulation)\.spec\.ts$/,
    },
  ],
  webServer: [{
    command: `rm -rf .tmp/fake-twilio-${PORT} && node ../backend/dist/dev/fake-twilio/cli.js --port ${FAKE_TWILIO_PORT}`,
    url: `${FAKE_TWILIO_URL}/_fake/calls`,
    // Ready when it says so (the url is polled at 100, 250, 500 ms, then each second).
    wait: { stdout: /Fake Twilio listening on/ },
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: { DATA_DIR: `e2e/.tmp/fake-twilio-${PORT}` },
  }, {
    // started as `npm start` and the Docker image start it, with the same Node flags
    command: `rm -rf .tmp/data-${PORT} && ../backend/serve.sh`,
    url: `${baseURL}/api/health`,
    // The line the app writes once it listens: the url alone is polled each second after the first 850 ms, and
    // the app takes 3-5 s to start here (its modules, initdb, the migrations).
    wait: { stdout: /Warranty CRM is serving/ },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      // As under Jest: everything as in development (the phone simulation, plain-HTTP cookies) but new
      // password hashes at scrypt N=2^10 instead of 2^15 (common/auth/password.ts): the suite registers,
      // invites and signs in some hundreds of users, ~0.15 s of a core each at the production cost.
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `e2e/.tmp/data-${PORT}`,
      EMBEDDED_PG_PORT: String(EMBEDDED_PG_PORT),
      PUBLIC_BASE_URL: baseURL,
      SEED_DEMO: '0',
      LOGIN_MAX_FAILURES: '50',
      TWILIO_API_BASE_URL: FAKE_TWILIO_URL,
      RETELL_API_BASE_URL: FAKE_RETELL_URL,
      // The inbound e-mail receiver (tests/inbound-email.spec.ts), on a port derived like the others.
      INBOUND_SMTP_PORT: String(INBOUND_SMTP_PORT),
    },
  }],
});
