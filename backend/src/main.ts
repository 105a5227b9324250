import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp, type CreatedApp } from './bootstrap.js';
import { TenantRunner } from './common/tenancy/tenant-runner.js';
import { ConfigError, loadConfig } from './config/config.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres.js';
import { migrateDatabase } from './database/migrate.js';
import { seedDemoIfEmpty } from './database/seed-demo.js';

const logger = new Logger('Main');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  let embedded: EmbeddedDatabase | undefined;
  let created: CreatedApp | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received, shutting down`);
    await created?.close().catch((error: Error) => logger.error(error.message));
    await embedded?.stop().catch((error: Error) => logger.error(error.message));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (!config.databaseUrl) {
    logger.log(`Starting embedded PostgreSQL (data in ${config.dataDir})`);
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, database: 'warranty_crm' });
  }
  const databaseUrl = config.databaseUrl ?? embedded!.url;

  const applied = await migrateDatabase(databaseUrl);
  if (applied.length) logger.log(`Applied migrations: ${applied.join(', ')}`);
  created = await createApp(config, databaseUrl);

  if (config.seedDemo) {
    const demo = await seedDemoIfEmpty(created.orm.em, created.app.get(TenantRunner));
    if (demo) {
      console.log(
        '\n  Demo organization created. Sign in with\n' +
          `    username: ${demo.username}\n    password: ${demo.password}\n` +
          '  (shown once; keep it somewhere safe)\n',
      );
    }
  }

  await created.app.listen(config.port, config.host);
  logger.log(`Warranty CRM is serving on ${config.publicBaseUrl} (API docs at ${config.publicBaseUrl}/api/docs)`);
}

main().catch((error: Error) => {
  logger.error(error.message, error.stack);
  process.exit(1);
});
