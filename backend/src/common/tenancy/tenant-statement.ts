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

const TOKEN = /@tenant(?:\((\w*)\)|_id\b)/y;

/**
 * The statement with its tokens written for `organizationId` (a pure function: what TenantSql runs,
 * and what tests and benches that read a statement outside a request use). `?` and `??` outside
 * quoted literals, identifiers and line comments count as placeholders, as MikroORM binds them.
 */
export function bindTenant(organizationId: string, statement: TenantStatement): TenantStatement {
  if (!organizationId) throw new TenantMissingError();
  const { sql } = statement;
  const params = [...statement.params];
  let out = '';
  let placeholders = 0;
  let tokens = 0;
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (quote) {
      out += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === '-' && sql[i + 1] === '-') {
      // A line comment ("the agent's first response") is copied as it is: no quotes, no placeholders.
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      const identifier = sql[i + 1] === '?';
      out += identifier ? '??' : '?';
      if (identifier) i++;
      placeholders++;
    } else if (ch === '@' && sql.startsWith('@tenant', i)) {
      TOKEN.lastIndex = i;
      const match = TOKEN.exec(sql);
      if (!match) throw new Error(`bindTenant: malformed tenant token at ${sql.slice(i, i + 20)}`);
      const alias = match[1];
      out += alias === undefined ? '?' : alias ? `${alias}.organization_id = ?` : 'organization_id = ?';
      params.splice(placeholders, 0, organizationId);
      placeholders++;
      tokens++;
      i += match[0].length - 1;
    } else {
      out += ch;
    }
  }
  if (tokens === 0) throw new Error('bindTenant: the statement has no tenant token (@tenant(alias), @tenant() or @tenant_id)');
  if (placeholders !== params.length) {
    throw new Error(`bindTenant: the statement has ${placeholders} placeholders for ${params.length} parameters`);
  }
  return { sql: out, params };
}
