import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const SRC = new URL('../../src/', import.meta.url).pathname;
const DIST = new URL('../../dist/', import.meta.url).pathname;

/** The built file a module of the registry stands for: dist/x.js for src/x.ts, else the file itself. */
function nativeFileOf(filename) {
  if (filename.startsWith(SRC)) return `${DIST}${filename.slice(SRC.length).replace(/\.ts$/, '.js')}`;
  return filename;
}

/**
 * Every module of the app built, and no source newer than its build (`npm run build -w backend`):
 * jest.config.js gives the `app` project the worker's modules only then.
 */
export function builtAndCurrent(dir = SRC) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory()) {
      if (!builtAndCurrent(`${path}/`)) return false;
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')) {
      const built = nativeFileOf(path);
      if (!existsSync(built) || statSync(built).mtimeMs < statSync(path).mtimeMs) return false;
    }
  }
  return true;
}

/** True while native-environment.js runs a test file; Jest's global setup and teardown run outside. */
const inTestFile = () => globalThis.__nativeModulesEnvironment === true;

/**
 * Jest transform (jest.config.js, the `app` project) for the app's sources and its runtime packages:
 * a module becomes a shim that hands the test file's registry the module Node itself loaded once for
 * the worker (native-environment.js), instead of evaluating it again for every file.
 */
export default {
  getCacheKey(source, filename, options) {
    if (!inTestFile()) return `native-modules-v1:as-is:${filename}:${createHash('sha1').update(source).digest('hex')}`;
    const file = nativeFileOf(filename);
    const { mtimeMs, size } = existsSync(file) ? statSync(file) : { mtimeMs: 0, size: 0 };
    return `native-modules-v1:${file}:${mtimeMs}:${size}:${options.supportsStaticESM}`;
  },
  process(source, filename, options) {
    // the global setup's require()s go through Jest's transforms too: there, they are native already
    if (!inTestFile()) return { code: source };
    const file = nativeFileOf(filename);
    if (!existsSync(file)) throw new Error(`${file} is missing: build the backend first (npm run build -w backend)`);
    const load = `globalThis.__nativeRequire(${JSON.stringify(file)})`;
    if (!options.supportsStaticESM) return { code: `module.exports = ${load};` };
    // An ES module's names must be written out. Node's require() of it (Node >= 22.12) loads it now,
    // as the shim will, so they are the names of the very instance the test file gets.
    const lines = [`const m = ${load};`];
    Object.keys(require(file)).forEach((name, i) => {
      if (name === 'default') lines.push('export default m.default;');
      else lines.push(`const e${i} = m[${JSON.stringify(name)}];`, `export { e${i} as ${JSON.stringify(name)} };`);
    });
    return { code: lines.join('\n') };
  },
};
