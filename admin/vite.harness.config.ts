import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * A page with nothing but the UploadButton, for the Playwright test of the component (no screen of
 * the app uses it yet). Built into dist-harness, which the app never serves: the test hands the
 * files to the browser itself, on the app's origin, so the real session and API are used.
 */
export default defineConfig({
  root: 'harness',
  base: '/__harness/',
  plugins: [react()],
  build: { outDir: '../dist-harness', emptyOutDir: true, sourcemap: false },
});
