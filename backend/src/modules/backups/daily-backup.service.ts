import { Inject, Injectable, Logger } from '@nestjs/common';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ScheduledTask } from '../../common/jobs/job-decorators.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { createBackup } from '../../database/backup/backup.js';
import { EMBEDDED_DATABASE } from '../../database/embedded-postgres.js';

const ARCHIVE = /^wcrm-daily-.+\.tar\.gz$/;

/** Deletes the oldest daily archives of `dir` past the `keep` newest (their names sort by time). */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const archives = (await readdir(dir)).filter((name) => ARCHIVE.test(name)).sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}

/**
 * With BACKUP_DAILY on an instance of the embedded PostgreSQL, writes `npm run backup`'s archive
 * every night at 03:30 UTC (once across instances: the queue's schedule) into BACKUP_DIR and keeps
 * the BACKUP_KEEP newest. With DATABASE_URL the database is the operator's to back up (README).
 */
@Injectable()
export class DailyBackup {
  private readonly logger = new Logger('Backup');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @ScheduledTask('backups.daily', '30 3 * * *')
  async run(): Promise<void> {
    const { backup, databaseUrl, dataDir, embeddedPostgresPort } = this.config;
    if (!backup.daily || databaseUrl) return;
    const out = join(backup.dir, `wcrm-daily-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
    const manifest = await createBackup({ dataDir, port: embeddedPostgresPort, database: EMBEDDED_DATABASE, out });
    const removed = await pruneBackups(backup.dir, backup.keep);
    this.logger.log(`Daily backup ${out} (${manifest.files.length} files)${removed.length ? `; removed ${removed.join(', ')}` : ''}`);
  }
}
