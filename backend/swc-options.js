/**
 * SWC's options for the backend's TypeScript, shared by the build (build.mjs) and Jest's transform
 * (jest.config.js): legacy decorators with their metadata (Nest's injection, MikroORM's and
 * class-validator's decorators read it) and class fields without define semantics, as in tsconfig.json.
 * SWC strips the types without checking them: `npm run typecheck` checks them.
 */
export const swcOptions = {
  swcrc: false,
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
};
