/*
 * The pure half of TenantSql (tenant-sql.ts): it imports nothing, so bench scripts and tests that
 * read a statement outside a request bind it the same way.
 */

/**
 * Raw SQL of tenant rows, scoped once. A statement never compares organization_id itself (a test,
 * tenant-sql.spec.ts, fails where one does): it names the predicate with a token, and the
 * helper writes it with the organization of the EntityManager (the tenant filter's parameter, set by
 * the session guard for a request and by TenantRunner for jobs and webhooks):
 *
 *   `@tenant(t)`  becomes `t.organization_id = ?`
 *   `@tenant()`   becomes `organization_id = ?`
 *   `@tenant_id`  becomes `?` (the organization's id as a value: an insert's column, the queue's payload)
 *
 * each `?` bound to the organization at its place among the statement's other parameters. The text
 * a token gives is the same for every organization, so prepared statements stay one per shape.
 */
export interface TenantStatement {
  sql: string;
  params: unknown[];
}

/** Raised when raw tenant SQL runs on an EntityManager that is not scoped to an organization. */
export class TenantMissingError extends Error {
  constructor() {
    super('Tenant SQL needs an organization: the EntityManager has no tenant filter parameter (run it in a request or TenantRunner)');
  }
}

/**
 * `sql` cut into the parts that are SQL code and the parts copied as they are, in order: quoted
 * literals and identifiers, and line comments ("-- the agent's first response" holds no quote and no
 * placeholder). What bindTenant and positionalSql (database/prepared-statements.ts) read placeholders in.
 */
export function sqlParts(sql: string): { code: boolean; text: string }[] {
  const parts: { code: boolean; text: string }[] = [];
  let from = 0;
  const cut = (to: number, code: boolean) => {
    if (to > from) parts.push({ code, text: sql.slice(from, to) });
    from = to;
  };
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === "'" || ch === '"') {
      const close = sql.indexOf(ch, i + 1);
      cut(i, true);
      i = close === -1 ? sql.length - 1 : close;
      cut(i + 1, false);
    } else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      cut(i, true);
      i = (end === -1 ? sql.length : end) - 1;
      cut(i + 1, false);
    }
  }
  cut(sql.length, true);
  return parts;
}

/** A placeholder (`?`, or MikroORM's identifier placeholder `??`) or a tenant token, in SQL code. */
const PLACEHOLDER_OR_TOKEN = /\?\?|\?|@tenant(\((\w*)\)|_id\b)?/g;

/** A statement's text with its tokens written, and where the organization goes among its parameters. */
interface TenantShape {
  sql: string;
  /** The positions, among the bound parameters, of the organization's id (ascending). */
  slots: number[];
  placeholders: number;
}

/**
 * The shapes of the texts bound so far: a create's statement is some kilobytes, read through once
 * instead of on every create. The texts are the code's (a few hundred); the bound keeps a caller
 * that builds endless texts harmless.
 */
const shapes = new Map<string, TenantShape>();
const SHAPES_KEPT = 2000;

function shapeOf(text: string): TenantShape {
  const known = shapes.get(text);
  if (known) return known;
  const slots: number[] = [];
  let placeholders = 0;
  const sql = sqlParts(text)
    .map(({ code, text: part }) =>
      !code
        ? part
        : part.replace(PLACEHOLDER_OR_TOKEN, (match: string, token: string | undefined, alias: string | undefined, at: number) => {
            if (match === '?' || match === '??') {
              placeholders++;
              return match;
            }
            if (token === undefined) throw new Error(`bindTenant: malformed tenant token at ${part.slice(at, at + 20)}`);
            slots.push(placeholders++);
            return alias === undefined ? '?' : alias ? `${alias}.organization_id = ?` : 'organization_id = ?';
          }),
    )
    .join('');
  if (slots.length === 0) throw new Error('bindTenant: the statement has no tenant token (@tenant(alias), @tenant() or @tenant_id)');
  const shape = { sql, slots, placeholders };
  if (shapes.size < SHAPES_KEPT) shapes.set(text, shape);
  return shape;
}

/**
 * The statement with its tokens written for `organizationId` (a pure function: what TenantSql runs,
 * and what tests and benches that read a statement outside a request use). `?` and `??` outside
 * quoted literals, identifiers and line comments count as placeholders, as MikroORM binds them.
 */
export function bindTenant(organizationId: string, statement: TenantStatement): TenantStatement {
  if (!organizationId) throw new TenantMissingError();
  const { sql, slots, placeholders } = shapeOf(statement.sql);
  const given = statement.params.length + slots.length;
  if (placeholders !== given) throw new Error(`bindTenant: the statement has ${placeholders} placeholders for ${given} parameters`);
  const params = new Array<unknown>(placeholders);
  for (let i = 0, slot = 0, next = 0; i < placeholders; i++) {
    params[i] = slots[slot] === i ? (slot++, organizationId) : statement.params[next++];
  }
  return { sql, params };
}
