import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/**
 * Removes a folder in a detached `rm -rf` at the lowest priority, so whatever runs next does not wait
 * for it: the run's PostgreSQL leaves 2.6 GB in 65,000 files (a database for each API test file),
 * which took 11 s to delete on this machine's disk, mounted with `discard` (bench/README.md).
 * Without an `rm`, the folder stays until a later run's setup sweeps it.
 */
export function removeInBackground(folder) {
  const remover = spawn('rm', ['-rf', folder], { detached: true, stdio: 'ignore' });
  remover.on('error', () => undefined);
  if (remover.pid) {
    try {
      setPriority(remover.pid, 19);
    } catch {
      // not allowed to lower it: it runs at the default priority
    }
  }
  remover.unref();
}
