/**
 * The SQL expressions global search matches on, and the GIN indexes over exactly those
 * expressions (the planner uses an expression index only when the query repeats the expression).
 * Entities declare the indexes (`@Index({ expression })`) so the schema diff knows them; the
 * search migration creates them.
 */
export const SEARCH_EXPRESSIONS = {
  /** Ticket number, order number, serial number and SKU in one string. */
  ticketIdentifiers: `(ticket_number || ' ' || coalesce(order_number, '') || ' ' || coalesce(serial_number, '') || ' ' || coalesce(product_sku, ''))`,
  ticketDescription: `to_tsvector('english', issue_description)`,
  customerText: `(name || ' ' || coalesce(email, ''))`,
  customerPhoneDigits: `regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')`,
  callPhoneDigits: `regexp_replace(coalesce(from_phone, ''), '[^0-9]', '', 'g')`,
  callTranscript: `to_tsvector('english', coalesce(transcription, ''))`,
} as const;

function gin(name: string, table: string, expression: string, trigram: boolean) {
  return { name, create: `create index "${name}" on "${table}" using gin ((${expression})${trigram ? ' gin_trgm_ops' : ''});` };
}

export const SEARCH_INDEXES = {
  ticketIdentifiers: gin('tickets_search_identifiers_trgm_index', 'tickets', SEARCH_EXPRESSIONS.ticketIdentifiers, true),
  ticketDescription: gin('tickets_search_description_fts_index', 'tickets', SEARCH_EXPRESSIONS.ticketDescription, false),
  customerText: gin('customers_search_text_trgm_index', 'customers', SEARCH_EXPRESSIONS.customerText, true),
  customerPhoneDigits: gin('customers_search_phone_digits_trgm_index', 'customers', SEARCH_EXPRESSIONS.customerPhoneDigits, true),
  callPhoneDigits: gin('call_logs_search_phone_digits_trgm_index', 'call_logs', SEARCH_EXPRESSIONS.callPhoneDigits, true),
  callTranscript: gin('call_logs_search_transcript_fts_index', 'call_logs', SEARCH_EXPRESSIONS.callTranscript, false),
} as const;
