import 'reflect-metadata';
import type { DynamicModule } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { createApp, type CreatedApp } from '../../src/bootstrap.js';
import { type AppConfig, loadConfig } from '../../src/config/config.js';
import { runMigrations } from '../../src/database/migrate.js';
import { buildOrmOptions } from '../../src/database/mikro-orm.config.js';
import { appDataDir } from './data-dir.js';

const TEMPLATE = 'wcrm_template';
const TEMPLATE_LOCK = 4_711_001;

export interface TestApp {
  created: CreatedApp;
  config: AppConfig;
  databaseUrl: string;
  /** A client of the test's own database, for arranging and checking rows directly. */
  db: pg.Client;
  /** An EntityManager outside any request (filters must be set or disabled explicitly). */
  em: EntityManager;
  /** A cookie-keeping client: each call of `agent()` is a separate browser. */
  agent(): TestAgent;
  request(): TestAgent;
  close(): Promise<void>;
}

/** The test server's `postgres` database (global setup), to make, shut and drop the tests' databases. */
export function adminUrl(): string {
  const url = process.env.TEST_PG_ADMIN_URL;
  if (!url) throw new Error('TEST_PG_ADMIN_URL is not set: run the tests through jest (global setup)');
  return url;
}

function urlOf(database: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The migrated template database, made once per run by whichever test file gets there first
 * (an advisory lock keeps the other workers waiting until it exists).
 */
async function ensureTemplate(admin: pg.Client): Promise<void> {
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [TEMPLATE]);
    if (exists.rowCount) return;
    await admin.query(`create database ${TEMPLATE}`);
    const orm = await MikroORM.init(buildOrmOptions(urlOf(TEMPLATE), { allowGlobalContext: true, logger: () => undefined }));
    try {
      await runMigrations(orm, urlOf(TEMPLATE));
    } finally {
      await orm.close(true);
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/** A new database: a clone of the migrated template, or empty. */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<string> {
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    if (options.empty) {
      await admin.query(`create database ${name}`);
    } else {
      await ensureTemplate(admin);
      await admin.query(`create database ${name} template ${TEMPLATE}`);
    }
  } finally {
    await admin.end();
  }
  return urlOf(name);
}

export interface TestAppOptions {
  /** Test-only modules (e.g. handlers that observe the queue). */
  imports?: DynamicModule['imports'];
  /** Another instance on an existing test database instead of a new database. */
  databaseUrl?: string;
}

/** The real app over real HTTP on a database of its own. */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const dataDir = appDataDir(env, 'wcrm-app-');
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
    ...dataDir.env,
    PORT: '0',
    PUBLIC_BASE_URL: 'http://127.0.0.1:3999',
    ...env,
  });
  const created = await createApp(config, databaseUrl, { logger: false, imports: options.imports });
  const server = created.app.getHttpServer();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  return {
    created,
    config,
    databaseUrl,
    db,
    em: created.orm.em.fork(),
    agent: () => supertest.agent(server),
    request: () => supertest(server) as unknown as TestAgent,
    close: async () => {
      await db.end();
      await created.close();
      dataDir.remove();
    },
  };
}
