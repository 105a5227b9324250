import type pg from 'pg';
import { bindTenant, type TenantStatement } from '../../src/common/tenancy/tenant-statement.js';
import { positionalSql } from '../../src/database/prepared-statements.js';

/** A node of PostgreSQL's JSON plan (the fields the tests read; the rest as they come). */
export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
  [field: string]: unknown;
}

/**
 * The plan PostgreSQL makes for the organization's `statement` (its `@tenant` tokens bound, its `?`
 * numbered), with `explain (format json)`; `analyze` also runs it and adds the actual rows.
 * `generic`: the plan a prepared statement gets once PostgreSQL settles on a generic one (planned
 * without the values), as the app runs its prepared statements; `db` must be in a transaction.
 */
export async function planOf(db: pg.ClientBase, organizationId: string, statement: TenantStatement, options: { analyze?: boolean; generic?: boolean } = {}): Promise<PlanNode> {
  const { sql, params } = bindTenant(organizationId, statement);
  const text = positionalSql(sql);
  const explain = `explain (${options.analyze ? 'analyze, ' : ''}format json)`;
  if (!options.generic) {
    const { rows } = await db.query(`${explain} ${text}`, params);
    return rows[0]['QUERY PLAN'][0].Plan as PlanNode;
  }
  await db.query(`prepare plan_probe as ${text}`);
  try {
    await db.query('set local plan_cache_mode = force_generic_plan');
    // EXPLAIN EXECUTE takes its values written in, not bound
    const values = params.map((value) => (value === null ? 'null' : db.escapeLiteral(String(value)))).join(', ');
    const { rows } = await db.query(`${explain} execute plan_probe(${values})`);
    return rows[0]['QUERY PLAN'][0].Plan as PlanNode;
  } finally {
    await db.query('deallocate plan_probe');
  }
}

/** The plan's nodes, depth first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}
