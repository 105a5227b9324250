import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// The API runs on :3000 in development; in production the backend serves the
// built admin from admin/dist on the same origin.
const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every JS, CSS, HTML
 * and SVG file of the build, when smaller than the file; the backend serves them to clients that
 * accept them (bootstrap.ts, serveAdmin). No compression plugin is installed: Node's zlib does it.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'wcrm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap(entry =>
          entry.isDirectory() ? (entry.name.startsWith('.') ? [] : walk(join(dir, entry.name))) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir).filter(name => /\.(js|mjs|css|html|svg)$/.test(name))) {
        const bytes = readFileSync(file);
        const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
        const gz = gzipSync(bytes, { level: 9 });
        if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
        if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // the shared contract from its TypeScript source: no build of it needed for dev, tests or the bundle
    alias: { '@warranty-crm/contract': fileURLToPath(new URL('../packages/contract/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the entry and its static imports, read by bench/bundle.ts
    manifest: true,
    emptyOutDir: true,
    // No source maps in the build: they would publish the whole admin source (issue 26).
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: app releases do not invalidate them.
        codeSplitting: {
          groups: [
            // Only React and the router are grouped: every screen needs them. The rest (mui, react-admin,
            // the charts of the analytics page, Uppy's upload dialog) is split by who imports it, so a
            // lazily loaded screen brings its own parts. Forced library groups put a whole library into
            // the first load, and groups of lazily used libraries (includeDependenciesRecursively: false)
            // broke the chart chunk's import order once mui was no longer one group (issue 32).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 40 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // changeOrigin stays false: the Host/Origin the browser sent must reach the
      // API unchanged so its same-origin check passes.
      '/api': { target: API_TARGET, changeOrigin: false },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
