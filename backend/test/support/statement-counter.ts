import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';

/**
 * The statements the app's database pool (MikroORM's, which the session store and the prepared
 * reads share) sends while `work` runs: the texts in order, and what `work` threw, if anything.
 */
export async function statementsOf(em: EntityManager, work: () => Promise<unknown>): Promise<{ statements: string[]; error?: unknown }> {
  const statements: string[] = [];
  const pool = (await em.getConnection().getNativeClient()) as pg.Pool & { Client: typeof pg.Client };
  // The ORM's client class, and pg's own (the session store's pool), when they differ.
  const prototypes = [...new Set([pool.Client.prototype, pg.Client.prototype])];
  const originals = prototypes.map((prototype) => prototype.query);
  prototypes.forEach((prototype, i) => {
    const original = originals[i];
    prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      statements.push((typeof config === 'string' ? config : (config?.text ?? '')).trim());
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
  });
  try {
    await work();
    return { statements };
  } catch (error) {
    return { statements, error };
  } finally {
    prototypes.forEach((prototype, i) => {
      prototype.query = originals[i];
    });
  }
}
