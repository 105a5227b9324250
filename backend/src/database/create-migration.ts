/**
 * Writes a migration for the difference between the entities and the database at DATABASE_URL
 * (or the embedded one), into src/database/migrations. Append the new class to migrations/index.ts.
 */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config/config.js';
import { EMBEDDED_DATABASE, startEmbeddedPostgres } from './embedded-postgres.js';
import { runMigrations } from './migrate.js';
import { buildOrmOptions } from './mikro-orm.config.js';

const config = loadConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, database: EMBEDDED_DATABASE });
const url = config.databaseUrl ?? embedded!.url;
const orm = await MikroORM.init(buildOrmOptions(url));
try {
  await runMigrations(orm, url);
  const initial = process.argv.includes('--initial');
  const result = await orm.migrator.create(undefined, false, initial, process.argv.find((a) => a.startsWith('--name='))?.slice(7));
  console.log(result.fileName ? `Created ${result.fileName}` : 'No changes: the schema matches the entities.');
} finally {
  await orm.close();
  await embedded?.stop();
}
