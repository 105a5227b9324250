import type pg from 'pg';
import { bindTenant, type TenantStatement } from '../../src/common/tenancy/tenant-statement.js';

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
 */
export async function planOf(db: pg.ClientBase, organizationId: string, statement: TenantStatement, options: { analyze?: boolean } = {}): Promise<PlanNode> {
  const { sql, params } = bindTenant(organizationId, statement);
  let n = 0;
  const { rows } = await db.query(`explain (${options.analyze ? 'analyze, ' : ''}format json) ${sql.replace(/\?/g, () => `$${++n}`)}`, params);
  return rows[0]['QUERY PLAN'][0].Plan as PlanNode;
}

/** The plan's nodes, depth first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}
