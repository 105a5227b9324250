import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';

/** Marks the async context of a `work` whose own statements alone are counted. */
const own = new AsyncLocalStorage<true>();

/**
 * The statements the app's database pool (MikroORM's, which the session store and the prepared
 * reads share) sends while `work` runs: the texts in order, and what `work` threw, if anything.
 * With `ownOnly`, only the statements `work` itself sends (its async context), not the worker's
 * jobs that happen to run meanwhile; a `work` that goes through HTTP needs the default, since the
 * server handles the request in the socket's context, not the caller's.
 */
export async function statementsOf(
  em: EntityManager,
  work: () => Promise<unknown>,
  { ownOnly = false }: { ownOnly?: boolean } = {},
): Promise<{ statements: string[]; error?: unknown }> {
  const statements: string[] = [];
  const pool = (await em.getConnection().getNativeClient()) as pg.Pool & { Client: typeof pg.Client };
  // The ORM's client class, and pg's own (the session store's pool), when they differ.
  const prototypes = [...new Set([pool.Client.prototype, pg.Client.prototype])];
  const originals = prototypes.map((prototype) => prototype.query);
  prototypes.forEach((prototype, i) => {
    const original = originals[i];
    prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      if (!ownOnly || own.getStore()) statements.push((typeof config === 'string' ? config : (config?.text ?? '')).trim());
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
  });
  try {
    await (ownOnly ? own.run(true, work) : work());
    return { statements };
  } catch (error) {
    return { statements, error };
  } finally {
    prototypes.forEach((prototype, i) => {
      prototype.query = originals[i];
    });
  }
}
