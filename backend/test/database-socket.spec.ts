import { describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { buildOrmOptions } from '../src/database/mikro-orm.config.js';
import { createTestDatabase } from './support/test-app.js';

describe('DATABASE_URL naming a Unix socket', () => {
  it('connects the ORM through the socket directory of the URL\'s host parameter, as node-postgres does', async () => {
    const url = new URL(await createTestDatabase());
    const probe = new pg.Client({ connectionString: url.toString() });
    await probe.connect();
    const { rows } = await probe.query<{ unix_socket_directories: string }>('show unix_socket_directories');
    await probe.end();
    const directory = rows[0].unix_socket_directories.split(',')[0].trim();

    // A host name that resolves nowhere: only the socket can reach the server.
    url.hostname = 'nowhere.invalid';
    url.searchParams.set('host', directory);
    const orm = await MikroORM.init(buildOrmOptions(url.toString()));
    try {
      const [row] = await orm.em.getConnection().execute<{ addr: string | null; db: string }[]>(
        'select inet_client_addr() as addr, current_database() as db',
      );
      expect(row).toEqual({ addr: null, db: url.pathname.slice(1) });
    } finally {
      await orm.close();
    }

    const queue = new pg.Client({ connectionString: url.toString() });
    await queue.connect();
    try {
      expect((await queue.query('select inet_client_addr() as addr')).rows[0].addr).toBeNull();
    } finally {
      await queue.end();
    }
  });
});
