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

export default {
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
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  maxWorkers: 2,
  testTimeout: 60_000,
};
