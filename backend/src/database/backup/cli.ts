import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadDataLocation } from '../../config/config.js';
import { EMBEDDED_DATABASE } from '../embedded-postgres.js';
import { createBackup } from './backup.js';
import { restoreBackup } from './restore.js';

/**
 * `npm run backup [-- --out FILE]`: one archive of DATA_DIR (database cluster, uploaded files,
 * generated secrets), online while the app runs or offline while it is stopped; by default in
 * `<DATA_DIR>-backups/`.
 * `npm run restore -- FILE`: brings it back into an empty DATA_DIR; then `npm start`.
 * Both read DATA_DIR and EMBEDDED_PG_PORT as the app does; with DATABASE_URL the database is not
 * ours to copy (README: back it up with pg_dump).
 */
async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadDataLocation(process.env);
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  // npm runs the script in backend/: paths are the user's, from where they typed the command.
  const fromUser = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
  if (command === 'backup') {
    if (config.databaseUrl) {
      throw new Error('DATABASE_URL is set: this database is not the embedded one; back it up with pg_dump (see README, Backups), and the files with your storage');
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const given = option('--out');
    const out = given ? fromUser(given) : join(`${config.dataDir}-backups`, `wcrm-${stamp}.tar.gz`);
    const manifest = await createBackup({ dataDir: config.dataDir, port: config.embeddedPostgresPort, database: EMBEDDED_DATABASE, out });
    const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
    console.log(`Backup written: ${out}\n  ${manifest.mode}, ${manifest.files.length} files, ${(bytes / 1048576).toFixed(1)} MiB, PostgreSQL ${manifest.postgres_version}, ${manifest.migrations.length} migrations`);
    console.log('  It holds the generated secrets and every customer record: keep it as safe as the server.');
    return;
  }
  if (command === 'restore') {
    const given = args.find((a) => !a.startsWith('--'));
    const file = given ? fromUser(given) : undefined;
    if (!file || !existsSync(file)) throw new Error('Usage: npm run restore -- FILE (an archive written by npm run backup)');
    const manifest = await restoreBackup(file, config.dataDir);
    console.log(`Restored ${manifest.files.length} files of the backup of ${manifest.created_at} into ${config.dataDir}. Start the app with npm start.`);
    return;
  }
  throw new Error('Usage: backup [--out FILE] | restore FILE');
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
