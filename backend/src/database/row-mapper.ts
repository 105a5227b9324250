import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * Raw rows as plain objects with an entity's property names: the screens' prepared reads (the ticket
 * list, the notifications) answer without the ORM's query building, hydration and identity map.
 */

/** PostgreSQL's text of a timestamptz in UTC: "2026-11-23 01:02:03.456789+00" (fraction and seconds of offset optional). */
const PG_TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?([+-])(\d\d)(?::?(\d\d))?$/;

/**
 * A timestamp as PostgreSQL prints it (MikroORM keeps them as text) as a Date: read field by field
 * (a list page has 250 of them; Date's own parser of a rewritten string cost 4 % of a list request).
 */
export function timestamp(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const m = PG_TIMESTAMP.exec(value);
  if (!m) return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  const offsetMs = (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10] ?? 0)) * 60_000;
  const ms = m[7] ? Number(m[7].padEnd(3, '0').slice(0, 3)) : 0;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), ms) - offsetMs);
}

/** Each entity's columns as rowMapper reads them, worked out once. */
const COLUMNS = new WeakMap<object, { props: { name: string; field: string; datetime: boolean }[]; relations: { name: string; field: string }[]; fields: string[] }>();

function columnsOf<T extends object>(em: EntityManager, entity: EntityName<T>) {
  const meta = em.getMetadata(entity);
  let columns = COLUMNS.get(meta);
  if (!columns) {
    columns = {
      props: meta.props
        .filter((p) => p.fieldNames?.length === 1 && p.kind === 'scalar')
        .map((p) => ({ name: p.name as string, field: p.fieldNames[0], datetime: p.type === 'datetime' || p.runtimeType === 'Date' })),
      relations: meta.props.filter((p) => p.fieldNames?.length === 1 && p.kind === 'm:1').map((p) => ({ name: p.name as string, field: p.fieldNames[0] })),
      fields: [],
    };
    columns.fields = [...columns.props.map((p) => p.field), ...columns.relations.map((r) => r.field)];
    COLUMNS.set(meta, columns);
  }
  return columns;
}

/**
 * The entity's columns (its scalars' and its many-to-one relations'), for a statement that names
 * what it answers instead of `*`: a column a later migration adds does not change its answer, so a
 * prepared statement of it stays valid on a database an instance of the next version migrated.
 */
export function entityColumns<T extends object>(em: EntityManager, entity: EntityName<T>): readonly string[] {
  return columnsOf(em, entity).fields;
}

/**
 * Plain, read-only objects with the entity's property names from raw rows (columns by the entity's
 * metadata): the list's 25 rows skip the ORM's hydration and identity map, which cost more CPU
 * than the whole query. Only for answering reads; never persisted.
 */
export function rowMapper<T extends object>(em: EntityManager, entity: EntityName<T>): (row: Record<string, unknown>) => Record<string, unknown> {
  const { props, relations } = columnsOf(em, entity);
  return (row) => {
    const out: Record<string, unknown> = {};
    for (const p of props) out[p.name] = p.datetime ? timestamp(row[p.field]) : row[p.field];
    for (const r of relations) out[r.name] = row[r.field] === null || row[r.field] === undefined ? null : { id: row[r.field] };
    return out;
  };
}
