import { existsSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'rolldown';

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

/** Jest in ESM mode: SWC compiles TypeScript with legacy decorators and their metadata. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

export default async () => ({
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', swc],
    // Jest (below Node 24.9) cannot require() Nest 12's ES modules from a CommonJS library: see the file
    '/node_modules/@nestjs-modules/mailer/.+\\.js$': '<rootDir>/test/support/nest-common-for-cjs.cjs',
  },
  transformIgnorePatterns: ['/node_modules/(?!@nestjs-modules/mailer/)'],
  setupFiles: ['<rootDir>/test/support/nest-common-for-cjs.setup.ts'],
  moduleNameMapper: {
    // the shared contract from its TypeScript source, so tests need no build of it first
    '^@warranty-crm/contract$': '<rootDir>/../packages/contract/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^sanitize-html$': await sanitizeHtmlForJest(),
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  // the longest files first, by Jest's timings or else the recorded ones (see the file)
  testSequencer: '<rootDir>/test/support/sequencer.js',
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  // Four files at a time on these 2 cores: part of a file is waiting (for PostgreSQL, a child
  // process, the queue, a schedule's minute), which the others fill. Measured on the whole suite
  // (bench/README.md): 2 workers 508 s, 3 workers 412 s, 4 workers 395 s (2026-11-29); 3 workers
  // 261 s and 271 s, 4 workers 241 s and 253 s, alternated (2026-11-30).
  maxWorkers: 4,
  // A worker whose heap grew past this after a file is replaced (Jest's ESM module registries are
  // kept per file and grow a worker to gigabytes, where the garbage collector then costs more).
  workerIdleMemoryLimit: '1GB',
  testTimeout: 60_000,
});
