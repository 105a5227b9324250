import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { buildOrmOptions } from '../src/database/mikro-orm.config.js';
import { MAX_PREPARED_PER_CONNECTION, positionalSql, executePrepared } from '../src/database/prepared-statements.js';
import { createTestDatabase } from './support/test-app.js';

describe('executePrepared', () => {
  let orm: MikroORM;
  let pool: pg.Pool;

  beforeAll(async () => {
    // One connection, so the statements prepared on it can be read back from pg_prepared_statements.
    orm = await MikroORM.init(buildOrmOptions(await createTestDatabase(), { pool: { min: 0, max: 1 } }));
    pool = await orm.em.getConnection().getNativeClient();
    await pool.query('create table readings (id int primary key, label text not null, at timestamptz not null)');
    await pool.query(`insert into readings values (1, 'a', '2026-01-01T10:00:00Z'), (2, 'a', '2026-01-02T10:00:00Z'), (3, 'b', '2026-01-02T10:00:00Z')`);
  });

  afterAll(async () => {
    await orm.close();
  });

  const COUNT = 'select count(*)::int as n from readings where label = ? and at >= ?';

  it('prepares a statement once per connection and runs it again by name', async () => {
    const em = orm.em.fork();
    expect(await executePrepared(em, COUNT, ['a', new Date('2026-01-01T12:00:00Z')])).toEqual([{ n: 1 }]);
    expect(await executePrepared(em, COUNT, ['a', new Date('2026-01-01T00:00:00Z')])).toEqual([{ n: 2 }]);

    const { rows } = await pool.query<{ statement: string; runs: number }>(
      `select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement like '%from readings%'`,
    );
    expect(rows).toEqual([{ statement: 'select count(*)::int as n from readings where label = $1 and at >= $2', runs: 2 }]);
  });

  it("reads through the EntityManager inside a transaction, seeing the transaction's own writes", async () => {
    await orm.em.fork().transactional(async (em) => {
      await em.execute(`insert into readings values (4, 'a', '2026-01-03T10:00:00Z')`);
      expect(await executePrepared(em, COUNT, ['a', new Date('2026-01-03T00:00:00Z')])).toEqual([{ n: 1 }]);
      await em.execute('delete from readings where id = 4');
    });
  });

  it("prepares inside a transaction too, on the transaction's own connection", async () => {
    const LATEST = 'select max(at) as at from readings where label = ? and id <> ?';
    await orm.em.fork().transactional(async (em) => {
      for (let id = 1; id <= 3; id++) await executePrepared(em, LATEST, ['a', id]);
      const [held] = await em.execute<{ runs: number }[]>(
        `select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement = 'select max(at) as at from readings where label = $1 and id <> $2'`,
      );
      expect(held).toEqual({ runs: 3 });
    });
  });

  it('fails a transaction once when a migration changed the columns its prepared statement returns, then runs it unnamed on that connection', async () => {
    const all = 'select * from readings where id = ? and label is not null';
    const columns = () => orm.em.fork().transactional(async (em) => Object.keys((await executePrepared<object>(em, all, [1]))[0]));
    try {
      expect(await columns()).toEqual(['id', 'label', 'at']);
      await pool.query('alter table readings add column note text');
      await expect(columns()).rejects.toThrow('cached plan must not change result type');
      for (let i = 0; i < 3; i++) expect(await columns()).toEqual(['id', 'label', 'at', 'note']);
    } finally {
      await pool.query('alter table readings drop column if exists note');
    }
  });

  it('prepares again on fresh connections when a migration changed the columns a prepared statement returns', async () => {
    const all = 'select * from readings where id = ?';
    const columns = async (em = orm.em.fork()) => Object.keys((await executePrepared<object>(em, all, [1]))[0]);
    // Three connections that each prepared the statement (held at once, so they are three).
    const wide = await MikroORM.init(buildOrmOptions(orm.config.get('clientUrl')!, { pool: { min: 0, max: 3 } }));
    try {
      const widePool = await wide.em.getConnection().getNativeClient();
      const held = await Promise.all([1, 2, 3].map(() => widePool.connect()));
      for (const client of held) client.release();
      await Promise.all([1, 2, 3].map(() => columns(wide.em.fork())));
      expect(widePool.totalCount).toBe(3);
      await columns();
      // Another instance migrates while this one serves: PostgreSQL refuses the cached plans' old row type.
      await pool.query('alter table readings add column note text');
      for (let i = 0; i < 4; i++) expect(await columns(wide.em.fork())).toEqual(['id', 'label', 'at', 'note']);
      expect(await columns()).toEqual(['id', 'label', 'at', 'note']);
    } finally {
      await wide.close();
      await pool.query('alter table readings drop column if exists note');
    }
  });

  it(`closes a connection once it has prepared more than ${MAX_PREPARED_PER_CONNECTION} statements, so PostgreSQL's memory for them stays bounded`, async () => {
    const own = await MikroORM.init(buildOrmOptions(orm.config.get('clientUrl')!, { pool: { min: 0, max: 1 } }));
    try {
      // Each text is a statement of its own; `held` counts the connection's prepared statements, this one included.
      const read = async (i: number) =>
        (await executePrepared<{ pid: number; held: number }>(own.em.fork(), `select pg_backend_pid() as pid, (select count(*) from pg_prepared_statements)::int as held, ${i} as i`, []))[0];
      const first = await read(1);
      expect(first.held).toBe(1);
      for (let i = 2; i <= MAX_PREPARED_PER_CONNECTION; i++) expect(await read(i)).toEqual({ pid: first.pid, held: i, i });
      // Read again by name: nothing more is prepared, and the connection stays.
      expect(await read(1)).toEqual({ pid: first.pid, held: MAX_PREPARED_PER_CONNECTION, i: 1 });
      // One more runs, then its connection closes.
      const more = MAX_PREPARED_PER_CONNECTION + 1;
      expect(await read(more)).toEqual({ pid: first.pid, held: more, i: more });
      const fresh = await read(1);
      expect(fresh.pid).not.toBe(first.pid);
      expect(fresh.held).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('numbers the placeholders outside quoted literals and identifiers only', () => {
    expect(positionalSql(`select '?' as "a?", ? as b from t where c = ? and d = 'x''?'`)).toBe(
      `select '?' as "a?", $1 as b from t where c = $2 and d = 'x''?'`,
    );
    expect(() => positionalSql('select ?? from t')).toThrow(/cannot be prepared/);
  });

  it("leaves a line comment as it is, an apostrophe or a question mark in it included, as bindTenant does", () => {
    expect(positionalSql("select ? -- the agent's first response?\nfrom t where c = ?")).toBe("select $1 -- the agent's first response?\nfrom t where c = $2");
  });
});
