#!/usr/bin/env node
/**
 * The backend's build: every module under src/ (tests excepted) compiled to dist/ by SWC, with the
 * options Jest's transform uses (swc-options.js), each with its source map. SWC only strips the
 * types: `npm run typecheck` (tsgo), which `npm test` runs, checks them. TypeScript's own compiler took
 * 12-14 s of the build on these 2 cores (most of it the checking that emitting the decorators'
 * metadata needs), SWC takes about a second (bench/README.md).
 *
 *   node build.mjs           dist/ afresh (a removed source leaves nothing behind)
 *   node build.mjs --watch   each source again as it changes, until stopped (after a build)
 */
import { transformFile } from '@swc/core';
import { existsSync, mkdirSync, readdirSync, rmSync, watch, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { swcOptions } from './swc-options.js';

const ROOT = dirname(fileURLToPath(import.meta.url));
const SRC = join(ROOT, 'src');
const DIST = join(ROOT, 'dist');

/** A source of the build: a TypeScript module that is not a test. */
const isSource = (path) => path.endsWith('.ts') && !path.endsWith('.d.ts') && !path.endsWith('.spec.ts');

function sourcesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && isSource(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Where a source's module goes under dist/ (its map beside it, with `.map` added). */
const outputOf = (source) => join(DIST, relative(SRC, source)).replace(/\.ts$/, '.js');

async function compile(source) {
  const out = outputOf(source);
  const { code, map } = await transformFile(source, {
    ...swcOptions,
    // a map beside each file that points at the source, without a copy of it (as TypeScript's `sourceMap`)
    sourceMaps: true,
    inlineSourcesContent: false,
    sourceFileName: relative(dirname(out), source),
  });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${code}\n//# sourceMappingURL=${basename(out)}.map\n`);
  writeFileSync(`${out}.map`, map);
}

if (process.argv.includes('--watch')) {
  // Each source again as it changes (or its output removed with it), until stopped.
  watch(SRC, { recursive: true }, (_event, name) => {
    if (!name || !isSource(name)) return;
    const source = join(SRC, name);
    if (!existsSync(source)) {
      const out = outputOf(source);
      rmSync(out, { force: true });
      rmSync(`${out}.map`, { force: true });
      return;
    }
    compile(source).then(
      () => console.log(`backend: ${name} compiled`),
      (error) => console.error(`backend: ${name} did not compile: ${error.message}`),
    );
  });
  console.log('backend: watching src/ for changes');
} else {
  const started = performance.now();
  rmSync(DIST, { recursive: true, force: true });
  const sources = sourcesUnder(SRC);
  await Promise.all(sources.map(compile));
  console.log(`backend: ${sources.length} modules compiled to dist/ in ${Math.round(performance.now() - started)} ms`);
}
