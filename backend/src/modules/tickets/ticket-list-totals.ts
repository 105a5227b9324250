import type { TicketFilters } from './ticket-filters.js';

/*
 * The list's exact totals read ticket-analytics' rollups (ticket_rollups, ticket_totals), which the
 * triggers on the tickets' rows keep (ticket-triggers.ts): a read of their tables, without an import
 * of that module (which reads this one).
 */
/** The list's total for filters the rollups carry (no search, no id list): exact, whole UTC days. */
export function rollupCountSql(filters: TicketFilters): { sql: string; params: unknown[] } {
  const conditions = ['@tenant()'];
  const params: unknown[] = [];
  if (filters.status) conditions.push('status = ?') && params.push(filters.status);
  if (filters.brand) conditions.push('product_brand = ?') && params.push(filters.brand);
  if (filters.priority) conditions.push('priority = ?') && params.push(filters.priority);
  if (filters.createdFrom) conditions.push('day >= ?::date') && params.push(filters.createdFrom.toISOString().slice(0, 10));
  if (filters.createdBefore) conditions.push('day < ?::date') && params.push(filters.createdBefore.toISOString().slice(0, 10));
  // Without a date filter the day-less totals answer (a few dozen rows per organization).
  const table = filters.createdFrom || filters.createdBefore ? 'ticket_rollups' : 'ticket_totals';
  return { sql: `select coalesce(sum(tickets), 0)::int as n from ${table} where ${conditions.join(' and ')}`, params };
}
