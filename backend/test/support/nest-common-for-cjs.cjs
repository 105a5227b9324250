/**
 * Jest transform for the one CommonJS Nest library we use, @nestjs-modules/mailer. Nest 12's
 * @nestjs/common is an ES module; the app runs on Node >= 22.12, whose require() loads ES modules,
 * but Jest's own module loader does so only on Node >= 24.9. So under Jest, the library's
 * `require("@nestjs/common")` is pointed at the very module instance the test imported
 * (test/support/nest-common-for-cjs.setup.ts puts it on globalThis). Nothing else in the library changes.
 */
module.exports = {
  process(source) {
    return { code: source.replace(/require\("@nestjs\/common"\)/g, 'globalThis.__nestjsCommonForCjs') };
  },
};
