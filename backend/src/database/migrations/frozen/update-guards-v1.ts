import { ASSIGNEE_TOTALS_FUNCTION_SQL_V1 } from '../Migration20261130310000AssigneeTotals.js';
import { WARRANTY_TICKETS_FUNCTION_SQL_V1 } from '../Migration20261130900000WarrantyResolution.js';
import { ROLLUP_FUNCTIONS_SQL_V3 } from './parallel-creates-v1.js';

/*
 * Migration20261203000000UpdateGuards, frozen: the statement triggers' functions as the migrations
 * before it left them, with a guard written into each. Built from those frozen texts, so it means
 * the same on every database whatever the live code (rollup-triggers.ts, assignee-totals.ts) says later.
 */

/**
 * The first statement of `fn`'s UPDATE branch returns when no row changed a column the function
 * counts. A statement trigger runs for every UPDATE of its table, a confirmation's or a note's, and
 * for one that matched no row; the function's upserts then ran to add nothing.
 */
function withUpdateGuard(sql: string, fn: string, table: string, columns: readonly string[]): string {
  const header = sql.indexOf(`create or replace function "${fn}"()`);
  const begin = sql.indexOf('\nbegin\n', header);
  if (header < 0 || begin < 0) throw new Error(`update-guards-v1: no function ${fn} in its frozen text`);
  const at = begin + '\nbegin\n'.length;
  const changed = `(${columns.map((c) => `o.${c}`).join(', ')}) is distinct from (${columns.map((c) => `n.${c}`).join(', ')})`;
  const guard = `  if TG_OP = 'UPDATE' then
    -- nothing ${table} counts here changed: the upserts below would add nothing
    if not exists (select 1 from old_rows o full join new_rows n on n.id = o.id where o.id is null or n.id is null or ${changed}) then
      return null;
    end if;
  end if;
`;
  return sql.slice(0, at) + guard + sql.slice(at);
}

/**
 * ticket_status_flow_apply's INSERT branch updates the tickets' first-response and resolution instants
 * only when a new row can set one: a create's first row (to Open, from nothing) sets neither, and its
 * UPDATE of tickets (no row) ran the tickets' three update triggers for nothing.
 */
function withFirstsGuard(sql: string): string {
  const start = sql.indexOf('update tickets t set\n      first_response_at = case when n.fr');
  const end = sql.indexOf(';', start) + 1;
  if (start < 0 || end <= 0) throw new Error('update-guards-v1: no first-instants update in its frozen text');
  const condition = `if exists (select 1 from new_rows where (to_status <> 'Open' and from_status is not null) or to_status in ('Closed', 'Resolved')) then`;
  return `${sql.slice(0, start)}${condition}\n    ${sql.slice(start, end)}\n    end if;${sql.slice(end)}`;
}

/** What ticket_rollups_apply reads of a ticket (rollup-triggers.ts, rollup-sql.ts). */
const ROLLUP_COLUMNS = ['organization_id', 'created_at', 'status', 'product_brand', 'priority', 'first_response_at', 'resolved_at', 'responded_at', 'respond_by', 'overdue_notified_at'];
/** What ticket_status_flow_apply reads of a history row. */
const FLOW_COLUMNS = ['organization_id', 'ticket_id', 'created_at', 'from_status', 'to_status'];

export const ROLLUP_FUNCTIONS_SQL_V4 = withFirstsGuard(
  withUpdateGuard(withUpdateGuard(ROLLUP_FUNCTIONS_SQL_V3, 'ticket_rollups_apply', 'ticket_rollups', ROLLUP_COLUMNS), 'ticket_status_flow_apply', 'ticket_status_flow', FLOW_COLUMNS),
);

export const ASSIGNEE_TOTALS_FUNCTION_SQL_V2 = withUpdateGuard(ASSIGNEE_TOTALS_FUNCTION_SQL_V1, 'ticket_assignee_totals_apply', 'ticket_assignee_totals', ['organization_id', 'assignee_id']);

export const WARRANTY_TICKETS_FUNCTION_SQL_V2 = withUpdateGuard(WARRANTY_TICKETS_FUNCTION_SQL_V1, 'warranty_rollups_tickets_apply', 'warranty_rollups', [
  'organization_id',
  'created_at',
  'product_brand',
  'product_sku',
  'product_model',
  'issue_category',
]);

export { ASSIGNEE_TOTALS_FUNCTION_SQL_V1, ROLLUP_FUNCTIONS_SQL_V3, WARRANTY_TICKETS_FUNCTION_SQL_V1 };
