import { removeInBackground } from './remove-in-background.js';

/** Stops the run's PostgreSQL, then removes its files in the background: the next suite starts at once. */
export default async function globalTeardown() {
  const run = globalThis.__testPg;
  if (!run) return;
  await run.pg.stop();
  removeInBackground(run.folder);
}
