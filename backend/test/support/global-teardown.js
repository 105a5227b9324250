/** Stops the run's PostgreSQL; it is not persistent, so its files go with it. */
export default async function globalTeardown() {
  await globalThis.__testPg?.stop();
}
