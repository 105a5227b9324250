import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Transaction } from 'kysely';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { sqlParts } from '../common/tenancy/tenant-statement.js';

/**
 * `?` placeholders (MikroORM's) as `$1, $2, …`, outside quoted literals, identifiers and line
 * comments (sqlParts, as bindTenant reads them). `??` (MikroORM's identifier placeholder) has no
 * equivalent in a prepared statement and is refused.
 */
export function positionalSql(sql: string): string {
  let n = 0;
  return sqlParts(sql)
    .map(({ code, text }) =>
      !code
        ? text
        : text.replace(/\?\??/g, (placeholder) => {
            if (placeholder === '??') throw new Error('positionalSql: ?? (an identifier placeholder) cannot be prepared');
            return `$${++n}`;
          }),
    )
    .join('');
}

const texts = new Map<string, { name: string; text: string }>();
/** The positional texts of `texts` → their names: what PreparingClient prepares. */
const namedTexts = new Map<string, string>();

/** The statement's name: one per distinct text, so a connection never sees one name with two texts. */
function prepared(sql: string): { name: string; text: string } {
  let entry = texts.get(sql);
  if (!entry) {
    const text = positionalSql(sql);
    entry = { name: `r_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text };
    // The texts the screens use are few; a bound keeps a caller cycling through every combination harmless.
    if (texts.size < 2000) {
      texts.set(sql, entry);
      namedTexts.set(text, entry.name);
    }
  }
  return entry;
}

/**
 * Statements one connection keeps prepared. PostgreSQL holds each (with its plan) until the
 * connection closes, about 300 kB for the ticket list's; the combinations of filters, sorts and
 * pagings the list accepts name thousands of texts, the screens use a few. A connection that prepared more closes after its read, and the
 * pool opens a fresh one: what the screens use most is prepared again at once.
 */
export const MAX_PREPARED_PER_CONNECTION = 32;

/** The statements each pooled connection has prepared (pg's pool reuses its client objects). */
const preparedOn = new WeakMap<object, Set<string>>();

/**
 * A statement that runs on every screen or every create, as a named prepared statement on the ORM's
 * own pool.
 *
 * MikroORM writes every value into the SQL text, so PostgreSQL parses and plans each statement
 * anew: for the ticket list that planning (1.3 ms) took longer than running it (0.9 ms), and for a
 * create's one writing statement 1 ms. Prepared, a connection plans a statement once and
 * PostgreSQL reuses the plan when a generic one costs no more than the custom ones (its
 * plan_cache_mode auto). Inside a transaction it runs on the transaction's connection, so it sees
 * and makes that transaction's writes. Logged as MikroORM logs its statements (the SQL without its
 * values, at the `query` debug namespace).
 */
export async function executePrepared<T>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  const logger = em.config.getLogger();
  if (!logger.isEnabled('query')) return run<T>(em, sql, params);
  const started = Date.now();
  try {
    const rows = await run<T>(em, sql, params);
    logger.logQuery({ query: sql, took: Date.now() - started, results: rows.length, level: 'info' });
    return rows;
  } catch (error) {
    logger.logQuery({ query: sql, took: Date.now() - started, level: 'error' });
    throw error;
  }
}

async function run<T>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  const transaction = em.getTransactionContext<Transaction<unknown>>();
  if (transaction) return preparedInTransaction<T>(transaction, sql, params);
  const pool = await em.getConnection().getNativeClient();
  const statement = { ...prepared(sql), values: [...params] };
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    const names = preparedOn.get(client) ?? new Set<string>();
    preparedOn.set(client, names.add(statement.name));
    try {
      const { rows } = await client.query(statement);
      client.release(names.size > MAX_PREPARED_PER_CONNECTION);
      return rows as T[];
    } catch (error) {
      // As pool.query does, the connection goes with the error. A migration (another instance's,
      // during a rolling deploy) that changed the columns the statement returns leaves its prepared
      // plan unusable on each connection that had it: the statement runs again, and since every such
      // failure drops one of them, within the pool's size it runs prepared anew on a fresh one. That
      // error comes before the statement runs, so a write (a create, one statement) is not made twice.
      client.release(error as Error);
      const stale = (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String(error));
      if (!stale || attempt > (pool.options.max ?? 10)) throw error;
    }
  }
}

/**
 * A statement of `transaction` (the EntityManager's, MikroORM's Kysely transaction) as a named
 * prepared statement on its connection: sent with its parameters, which PreparingClient names.
 */
async function preparedInTransaction<T>(transaction: Transaction<unknown>, sql: string, params: readonly unknown[]): Promise<T[]> {
  const { rows } = await transaction.executeQuery<T>(CompiledQuery.raw(prepared(sql).text, [...params]));
  return [...rows];
}

/**
 * The pool's client class (buildOrmOptions' `driverOptions`): a text that executePrepared named is
 * sent as that named prepared statement, whoever sends it (MikroORM's Kysely transactions send a
 * text and its parameters). Each connection prepares at most MAX_PREPARED_PER_CONNECTION this way;
 * past that the text runs unnamed, planned each time as MikroORM's own statements are. A connection
 * whose prepared statement can no longer answer (a migration changed the columns it returns) runs
 * every text unnamed from then on: the statement that met it fails once, its transaction with it.
 */
export class PreparingClient extends pg.Client {}

const unnamedQuery = pg.Client.prototype.query;
PreparingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [text, values, callback] = args;
  const name = typeof text === 'string' && Array.isArray(values) && !stale.has(this) ? namedTexts.get(text) : undefined;
  if (name !== undefined) {
    const held = preparedOn.get(this) ?? new Set<string>();
    if (held.has(name) || held.size < MAX_PREPARED_PER_CONNECTION) {
      preparedOn.set(this, held.add(name));
      const result = (unnamedQuery as (...a: unknown[]) => unknown).call(this, { name, text, values }, callback);
      if (result instanceof Promise) {
        return result.catch((error: unknown) => {
          if ((error as { code?: string }).code === '0A000') stale.add(this);
          throw error;
        });
      }
      return result;
    }
  }
  return (unnamedQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof unnamedQuery;

/** Connections whose prepared statements met a changed table (see PreparingClient). */
const stale = new WeakSet<object>();
