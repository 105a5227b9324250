import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import type { Plugin } from 'vite';
import { screenPreloads } from './build/screen-preloads';

// The API runs on :3000 in development; in production the backend serves the
// built admin from admin/dist on the same origin.
const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

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
    // Node's asynchronous zlib compresses on libuv's thread pool, the files side by side: brotli at quality 11
    // is most of the work (3.4 s for the build's 2.3 MB in one thread), which takes half the time on 2 cores.
    async closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap(entry =>
          entry.isDirectory() ? (entry.name.startsWith('.') ? [] : walk(join(dir, entry.name))) : [join(dir, entry.name)],
        );
      await Promise.all(walk(outDir).filter(name => /\.(js|mjs|css|html|svg)$/.test(name)).map(async file => {
        const bytes = readFileSync(file);
        const [br, gz] = await Promise.all([
          brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
          gzip(bytes, { level: 9 }),
        ]);
        if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
        if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
      }));
    },
  };
}

export default defineConfig({
  plugins: [react(), screenPreloads(), precompress()],
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
        // Long-lived vendor chunks: app releases do not invalidate them. Libraries come in few files (issue 32):
        // each file of a cold load costs the browser a request and the server an answer, and the list's
        // screen alone used to bring ~55 chunks of a few hundred bytes each (~100 requests for /tickets).
        codeSplitting: {
          groups: [
            // React and the router: every screen needs them.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 40 },
            // The rest of the libraries of the first load (the shell's MUI, react-admin's core, the query
            // client), whichever they are: a module the first load imports is in it.
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 30 },
            // What the screens loaded later use of the UI framework (MUI, emotion, react-admin, react-hook-form,
            // popper) and of what they import: one file, fetched with the first screen. The three large parts
            // loaded on their own keep their libraries to themselves: the analytics charts (@mui/x-charts, d3),
            // the upload dialog (Uppy) and the browser phone (@twilio/voice-sdk).
            {
              name: 'vendor-lazy',
              test: /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|icons-material|private-theming)|@emotion|react-admin|ra-[a-z-]+|react-hook-form|@tanstack|@popperjs|react-transition-group|lodash)[\\/]/,
              priority: 20,
            },
            // The app's own modules of the first load stay together (the shell), and what the screens share
            // of the app's components and helpers comes in one file with the first screen: the list's screen
            // alone brought ~20 files of a few hundred bytes, which queued behind the browser's 6 connections.
            { name: 'app', test: /[\\/]admin[\\/]src[\\/]/, tags: ['$initial'], priority: 12 },
            { name: 'app-shared', test: /[\\/]admin[\\/]src[\\/](components|lib|hooks|providers)[\\/]/, minShareCount: 2, priority: 10 },
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
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'],
    // One module graph per worker, not per file: evaluating react-admin and MUI again for each file was
    // 87 % of the suite's 13 s (1.6–2.5 s without). Each test starts as a new page load (src/test/newPage.ts).
    isolate: false,
    setupFiles: ['src/test/newPage.ts'],
  },
});
