import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The data folder of an app a test starts: the test's own (`DATA_DIR` in its env), which the test
 * keeps, or else a new temporary one named `<prefix>*`, which no one else knows and which `remove`
 * deletes when the app is gone. `env` is what to give the app for it (empty for the test's own).
 */
export function appDataDir(env: Record<string, string>, prefix: string): { env: Record<string, string>; remove(): void } {
  if (env.DATA_DIR) return { env: {}, remove: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { env: { DATA_DIR: dir }, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
