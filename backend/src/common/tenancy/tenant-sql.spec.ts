import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TENANT_FILTER } from './tenant-filter.js';
import { bindTenant, TenantMissingError, tenantSql } from './tenant-sql.js';

const ORG = '6d1f4c2e-0000-4000-8000-000000000001';

describe('bindTenant', () => {
  it('writes each token as the organization predicate, its value at its place among the parameters', () => {
    const bound = bindTenant(ORG, {
      sql: `select 1 from tickets t where @tenant(t) and t.status = ? and exists (select 1 from ticket_totals where @tenant() and status = ?) and x = @tenant_id`,
      params: ['Open', 'Closed'],
    });
    expect(bound.sql).toBe(
      'select 1 from tickets t where t.organization_id = ? and t.status = ? and exists (select 1 from ticket_totals where organization_id = ? and status = ?) and x = ?',
    );
    expect(bound.params).toEqual([ORG, 'Open', ORG, 'Closed', ORG]);
  });

  it('counts the placeholders after the tokens and leaves quoted text alone', () => {
    const bound = bindTenant(ORG, { sql: `select '@tenant(t) ?' as a, "?" from x where y = ? and @tenant() and z = ?`, params: [1, 2] });
    expect(bound.sql).toBe(`select '@tenant(t) ?' as a, "?" from x where y = ? and organization_id = ? and z = ?`);
    expect(bound.params).toEqual([1, ORG, 2]);
  });

  it("skips line comments (an apostrophe there opens no literal)", () => {
    const bound = bindTenant(ORG, { sql: "select 1 -- the agent's note?\nfrom tickets t where @tenant(t) and t.id = ?", params: ['x'] });
    expect(bound.sql).toBe("select 1 -- the agent's note?\nfrom tickets t where t.organization_id = ? and t.id = ?");
    expect(bound.params).toEqual([ORG, 'x']);
  });

  it('gives one text for every organization (prepared statements stay one per shape)', () => {
    const statement = { sql: 'select * from tickets t where @tenant(t) and t.id = any(?::uuid[])', params: ['{}'] };
    expect(bindTenant(ORG, statement).sql).toBe(bindTenant('another', statement).sql);
  });

  it('binds a text read before with each call\'s organization and values, and still checks their count', () => {
    const sql = 'insert into x (organization_id, a, b) select @tenant_id, ?, ? where exists (select 1 from y where @tenant())';
    const other = '6d1f4c2e-0000-4000-8000-000000000002';
    expect(bindTenant(ORG, { sql, params: [1, 2] }).params).toEqual([ORG, 1, 2, ORG]);
    const again = bindTenant(other, { sql, params: [3, 4] });
    expect(again.params).toEqual([other, 3, 4, other]);
    expect(again.sql).toBe('insert into x (organization_id, a, b) select ?, ?, ? where exists (select 1 from y where organization_id = ?)');
    expect(() => bindTenant(ORG, { sql, params: [1] })).toThrow('bindTenant: the statement has 4 placeholders for 3 parameters');
  });

  it('refuses a statement without a token, with parameters that do not match its placeholders, or without an organization', () => {
    expect(() => bindTenant(ORG, { sql: 'select * from tickets where id = ?', params: ['a'] })).toThrow(/no tenant token/);
    expect(() => bindTenant(ORG, { sql: 'select * from tickets t where @tenant(t) and id = ?', params: [] })).toThrow(/placeholders/);
    expect(() => bindTenant('', { sql: 'select * from tickets t where @tenant(t)', params: [] })).toThrow(TenantMissingError);
  });
});

describe('tenantSql', () => {
  const emWith = (params: Record<string, unknown> | undefined) =>
    ({ getFilterParams: (name: string) => (name === TENANT_FILTER ? params : undefined) }) as never;

  it("takes the organization from the EntityManager's tenant filter", () => {
    expect(tenantSql(emWith({ organizationId: ORG })).organizationId).toBe(ORG);
  });

  it('fails closed when the EntityManager has no organization', () => {
    expect(() => tenantSql(emWith(undefined))).toThrow(TenantMissingError);
    expect(() => tenantSql(emWith({}))).toThrow(TenantMissingError);
  });
});

/*
 * Tenancy once: raw SQL never compares organization_id with a value itself; it writes the token
 * and TenantSql adds the predicate. Column-to-column joins (c.organization_id = t.organization_id)
 * and DDL (index column lists, conflict targets, insert column lists) are not comparisons with a
 * value. Migrations are frozen history and the helper writes the predicate: both are left out.
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');
const EXCLUDED = [/^database\/migrations\//, /^common\/tenancy\/tenant-statement\.ts$/];

const BY_HAND: { what: string; pattern: RegExp }[] = [
  {
    what: 'organization_id compared with a value',
    pattern: /organization_id"?\s*(?:=|<>|!=|is\s+(?:not\s+)?distinct\s+from)\s*(?:\?|\$\d|\$\{|@tenant_id|any\s*\(|'|:\w)/gi,
  },
  { what: 'organization_id in a list', pattern: /organization_id"?\s+(?:not\s+)?in\s*\(/gi },
  { what: 'a value compared with organization_id', pattern: /(?:\?|\$\d+)\s*(?:=|<>)\s*(?:\w+\.)?"?organization_id\b/gi },
  { what: "the queue payload's organizationId compared with a value", pattern: /'organizationId'\s*(?:=|<>)\s*(?:\?|\$\d|\$\{)/g },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** file:line: what, for each hand-written tenant comparison in `text`. */
export function handWrittenTenantPredicates(file: string, text: string): string[] {
  const found: string[] = [];
  for (const { what, pattern } of BY_HAND) {
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${file}:${line}: ${what} (${match[0].replace(/\s+/g, ' ')})`);
    }
  }
  return found.sort();
}

describe('tenancy once', () => {
  it('finds the hand-written forms (the scan can fail)', () => {
    const sample = [
      "select 1 from t where organization_id = ? and x = 1",
      'where t.organization_id = $1',
      'where t.organization_id =\n      ?',
      'where organization_id in (select id from organizations)',
      'where organization_id = any(?::uuid[])',
      "where j.payload ->> 'organizationId' = ?",
      'where r.organization_id = ${org}',
    ].join('\n');
    expect(handWrittenTenantPredicates('sample.ts', sample)).toHaveLength(7);
    expect(handWrittenTenantPredicates('ok.ts', 'join customers c on c.organization_id = t.organization_id where @tenant(t)')).toEqual([]);
    expect(handWrittenTenantPredicates('ok.ts', 'create index "x" on "tickets" ("organization_id", "created_at")')).toEqual([]);
  });

  it('has no raw SQL under src/ that compares organization_id by hand (use TenantSql and its @tenant tokens)', () => {
    const offending = sourceFiles(SRC).flatMap((path) => {
      const file = relative(SRC, path).split(sep).join('/');
      if (EXCLUDED.some((e) => e.test(file))) return [];
      return handWrittenTenantPredicates(file, readFileSync(path, 'utf8'));
    });
    expect(offending).toEqual([]);
  });
});
