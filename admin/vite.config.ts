import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The API runs on :3000 in development; in production the backend serves the
// built admin from admin/dist on the same origin.
const API_TARGET = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
            // The chart library is only used by the lazily loaded analytics page: keep it out of
            // the eager 'mui' and 'vendor' chunks so the first load does not carry it.
            {
              name: 'charts',
              test: /node_modules[\\/](@mui[\\/](x-charts|x-charts-vendor|x-internals|x-internal-gestures)|d3-[^\\/]+|internmap|flatqueue|bezier-easing)[\\/]/,
              priority: 50,
              includeDependenciesRecursively: false,
            },
            // Uppy (the upload dialog) loads on the first click of an upload button, never with the app.
            { name: 'uppy', test: /node_modules[\\/](@uppy|@transloadit|preact|exifr|namespace-emitter|mime-match)[\\/]/, priority: 50, includeDependenciesRecursively: false },
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
