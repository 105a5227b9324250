type TriggerEvent = 'insert' | 'update' | 'delete';

/**
 * The ticket list cache's triggers on one table (Migration20261204100000TicketListCache;
 * modules/tickets/ticket-list-cache.ts), one per event, as its entity declares them so the schema
 * diff knows them: a statement-level AFTER trigger with the event's transition table.
 */
export function listCacheTriggers(table: string, events: readonly TriggerEvent[]) {
  return events.map((event) => {
    const name = `${table}_list_cache_${event}`;
    const rows = event === 'delete' ? 'old table as old_rows' : 'new table as new_rows';
    return {
      name,
      timing: 'after' as const,
      events: [event],
      forEach: 'statement' as const,
      expression: `create trigger "${name}" after ${event} on "${table}" referencing ${rows} for each statement execute function "ticket_list_cache_changed"()`,
    };
  });
}
