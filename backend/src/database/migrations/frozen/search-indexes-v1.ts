/**
 * Index definitions as the migrations that created them ran them, frozen so those migrations keep
 * meaning what they meant; the current definitions live in modules/search/search-indexes.ts.
 */
/** The global search indexes as Migration20261124000000Search created them. */
export const SEARCH_INDEXES_V1 = {
  ticketIdentifiers: {
    name: `tickets_search_identifiers_trgm_index`,
    create: `create index "tickets_search_identifiers_trgm_index" on "tickets" using gin (((ticket_number || ' ' || coalesce(order_number, '') || ' ' || coalesce(serial_number, '') || ' ' || coalesce(product_sku, ''))) gin_trgm_ops);`,
  },
  ticketDescription: {
    name: `tickets_search_description_fts_index`,
    create: `create index "tickets_search_description_fts_index" on "tickets" using gin ((to_tsvector('english', issue_description)));`,
  },
  customerText: {
    name: `customers_search_text_trgm_index`,
    create: `create index "customers_search_text_trgm_index" on "customers" using gin (((name || ' ' || coalesce(email, ''))) gin_trgm_ops);`,
  },
  customerPhoneDigits: {
    name: `customers_search_phone_digits_trgm_index`,
    create: `create index "customers_search_phone_digits_trgm_index" on "customers" using gin ((regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) gin_trgm_ops);`,
  },
  callPhoneDigits: {
    name: `call_logs_search_phone_digits_trgm_index`,
    create: `create index "call_logs_search_phone_digits_trgm_index" on "call_logs" using gin ((regexp_replace(coalesce(from_phone, ''), '[^0-9]', '', 'g')) gin_trgm_ops);`,
  },
  callTranscript: {
    name: `call_logs_search_transcript_fts_index`,
    create: `create index "call_logs_search_transcript_fts_index" on "call_logs" using gin ((to_tsvector('english', coalesce(transcription, ''))));`,
  },
} as const;

/** The customers' newest-first index as Migration20261125020000CustomerPhones created it. */
export const CUSTOMER_RECENT_INDEX_V1 = {
  name: `customers_organization_created_index`,
  create: `create index "customers_organization_created_index" on "customers" ("organization_id", "created_at", "id");`,
} as const;

/** The ticket-number prefix index as Migration20261126000000TicketNumberPrefix created it. */
export const TICKET_NUMBER_PREFIX_INDEX_V1 = {
  name: `tickets_organization_number_prefix_index`,
  create: `create index "tickets_organization_number_prefix_index" on "tickets" ("organization_id", "ticket_number" text_pattern_ops);`,
} as const;
