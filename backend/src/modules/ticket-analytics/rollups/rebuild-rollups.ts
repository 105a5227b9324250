/**
 * Recomputes the tickets' rollups (dashboard, analytics, list totals) from the tickets and their
 * status history, at DATABASE_URL or in the embedded database: `npm run rollups:rebuild`.
 * Writers to tickets wait while it runs; the triggers keep the rollups current afterwards.
 */
import pg from 'pg';
import { loadConfig } from '../../../config/config.js';
import { REBUILD_ROLLUPS_SQL } from './rollup-sql.js';
import { EMBEDDED_DATABASE, startEmbeddedPostgres } from '../../../database/embedded-postgres.js';

const config = loadConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, database: EMBEDDED_DATABASE });
const client = new pg.Client({ connectionString: config.databaseUrl ?? embedded!.url });
await client.connect();
const started = Date.now();
try {
  await client.query('begin');
  await client.query(REBUILD_ROLLUPS_SQL);
  await client.query('commit');
  const { rows } = await client.query('select count(*)::int as rows, coalesce(sum(tickets), 0)::bigint as tickets from ticket_rollups');
  console.log(`Rollups rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s: ${rows[0].rows} rows covering ${rows[0].tickets} tickets.`);
} catch (error) {
  await client.query('rollback').catch(() => undefined);
  throw error;
} finally {
  await client.end();
  await embedded?.stop();
}
