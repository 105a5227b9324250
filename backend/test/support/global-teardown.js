import { removeInBackground } from './remove-in-background.js';

/** Stops the run's PostgreSQL, then removes its files in the background: the next suite starts at once. */
export default async function globalTeardown() {
  await globalThis.__testPg?.stop();
  if (globalThis.__testPgFolder) removeInBackground(globalThis.__testPgFolder);
}
