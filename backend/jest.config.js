import { existsSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'rolldown';
import { swcOptions } from './swc-options.js';
import { builtAndCurrent } from './test/support/native-modules.js';

/**
 * sanitize-html is CommonJS and requires htmlparser2 12, which is ESM only: Node loads that
 * (require of ESM), Jest's module registry does not (before Node 24.9). Tests get the same package
 * bundled into one CommonJS file (rolldown, the admin build's bundler), once per machine and version.
 */
async function sanitizeHtmlForJest() {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('sanitize-html');
  const { version } = require('sanitize-html/package.json');
  const file = join(tmpdir(), `wcrm-jest-sanitize-html-${version}.cjs`);
  if (existsSync(file)) return file;
  // Built beside it and renamed into place, so runs starting together never read half a file.
  const partial = `${file}.${process.pid}.tmp`;
  await build({ input: entry, platform: 'node', output: { format: 'cjs', file: partial, exports: 'auto' }, logLevel: 'silent' });
  renameSync(partial, file);
  return file;
}

/** Jest in ESM mode: SWC compiles TypeScript as the build does (swc-options.js). */
const swc = { ...swcOptions, sourceMaps: 'inline' };

const SRC = new URL('./src/', import.meta.url).pathname;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The app's runtime packages (what `dependencies` lists), which the built app loads itself. */
const runtimePackages = Object.keys(JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).dependencies)
  .filter((name) => !name.startsWith('@warranty-crm/') && name !== 'sanitize-html')
  .map(escape)
  .join('|');

/** What both kinds of test file share. */
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    // the shared contract from its TypeScript source, so tests need no build of it first
    '^@warranty-crm/contract$': '<rootDir>/../packages/contract/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^sanitize-html$': await sanitizeHtmlForJest(),
  },
};

/** Each file evaluates what it imports in its own module registry, as Jest does. */
const ownRegistry = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc],
    // Jest (below Node 24.9) cannot require() Nest 12's ES modules from a CommonJS library: see the file
    '/node_modules/@nestjs-modules/mailer/.+\\.js$': '<rootDir>/test/support/nest-common-for-cjs.cjs',
  },
  transformIgnorePatterns: ['/node_modules/(?!@nestjs-modules/mailer/)'],
  setupFiles: ['<rootDir>/test/support/nest-common-for-cjs.setup.ts'],
};

/**
 * The app loaded once per worker by Node (test/support/native-environment.js): a file's registry gets
 * shims for the app's sources and runtime packages (test/support/native-modules.js) instead of
 * evaluating its ~3,400 modules again, about a second of CPU per file. Only where the build is
 * current, as `npm test` makes it; otherwise, or with JEST_NATIVE_APP=0, as the unit specs.
 */
const workerApp = {
  testEnvironment: '<rootDir>/test/support/native-environment.js',
  transform: {
    [`^${escape(SRC)}.+\\.ts$`]: '<rootDir>/test/support/native-modules.js',
    [`/node_modules/(${runtimePackages})/.+\\.[cm]?js$`]: '<rootDir>/test/support/native-modules.js',
    '^.+\\.ts$': ['@swc/jest', swc],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${runtimePackages})/)`],
};

// the workers inherit it: test/app-modules.spec.ts checks that the files get what was decided here
const appModules = (process.env.TEST_APP_MODULES = process.env.JEST_NATIVE_APP !== '0' && builtAndCurrent() ? 'worker' : 'file');

export default async () => ({
  projects: [
    {
      ...common,
      ...ownRegistry,
      displayName: 'unit',
      // the unit specs beside the sources call the modules directly, with their own objects, arrays
      // and errors: those must come from the modules' own realm (`instanceof`, `=== Object`)
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
    },
    {
      ...common,
      ...(appModules === 'worker' ? workerApp : ownRegistry),
      displayName: 'app',
      testMatch: ['<rootDir>/test/**/*.spec.ts'],
      // one real PostgreSQL for the run (the unit specs need none)
      globalSetup: '<rootDir>/test/support/global-setup.js',
      globalTeardown: '<rootDir>/test/support/global-teardown.js',
    },
  ],
  // the longest files first, by Jest's timings or else the recorded ones (see the file)
  testSequencer: '<rootDir>/test/support/sequencer.js',
  // Four files at a time on these 2 cores: part of a file is waiting (for PostgreSQL, a child
  // process, the queue, a schedule's minute), which the others fill. Measured on the whole suite
  // (bench/README.md): 2 workers 508 s, 3 workers 412 s, 4 workers 395 s (2026-11-29); 3 workers
  // 261 s and 271 s, 4 workers 241 s and 253 s, alternated (2026-11-30).
  maxWorkers: 4,
  // A worker whose heap grew past this after a file is replaced (Jest's ESM module registries are
  // kept per file and grow a worker to gigabytes, where the garbage collector then costs more).
  workerIdleMemoryLimit: '1GB',
  // A worker that ran the app's files takes 0.5-1.1 s to end once asked, all four at once on 2 cores:
  // its 'exit' event comes within 5 ms, the rest is Node's own teardown (as long with the compile cache
  // off). Jest's default 500 ms then killed them and called it a leak ("failed to exit gracefully");
  // given the time, each ended with code 0 (bench/README.md, 2026-12-02).
  workerGracefulExitTimeout: 5_000,
  testTimeout: 60_000,
});
