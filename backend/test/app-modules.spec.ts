import { fileURLToPath } from 'node:url';
import { createApp } from '../src/bootstrap.js';
import { TicketsService } from '../src/modules/tickets/tickets.service.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Node's own require() of the worker (test/support/native-environment.js), where it gives one. */
const nativeRequire = (globalThis as { __nativeRequire?: (path: string) => unknown }).__nativeRequire;
const BUILT_BOOTSTRAP = fileURLToPath(new URL('../dist/bootstrap.js', import.meta.url));

/**
 * jest.config.js decides, once per run, whether the files under test/ take the app's modules from the
 * worker (loaded once by Node where the build is current, as `npm test` makes it) or evaluate them in
 * their own registry; TEST_APP_MODULES says which.
 */
describe("the app's modules in a test file", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app.close());

  if (process.env.TEST_APP_MODULES === 'worker') {
    it("are the worker's: the built module Node loaded once, not a copy evaluated for the file", () => {
      expect(createApp).toBe((nativeRequire!(BUILT_BOOTSTRAP) as { createApp: unknown }).createApp);
    });
  } else {
    it("are the file's own, evaluated from the sources", () => {
      expect(process.env.TEST_APP_MODULES).toBe('file');
      expect(nativeRequire).toBeUndefined();
    });
  }

  it('give the test the very classes the running app holds', () => {
    expect(app.created.app.get(TicketsService)).toBeInstanceOf(TicketsService);
  });
});
