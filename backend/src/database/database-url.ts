/** Injection token of the database's connection URL (for pools that are not MikroORM's). */
export const DATABASE_URL = Symbol('DATABASE_URL');
