/**
 * The SQL expressions global search matches on, the GIN indexes over exactly those expressions
 * (the planner uses an expression index only when the query repeats the expression), and the
 * statements of a search. Entities declare the indexes (`@Index({ expression })`) so the schema
 * diff knows them; the search migration creates them. This file imports nothing, so `bench/search.ts`
 * can run and EXPLAIN the very statements the app runs.
 */
export const SEARCH_EXPRESSIONS = {
  /** Ticket number, order number, serial number and SKU in one string. */
  ticketIdentifiers: `(ticket_number || ' ' || coalesce(order_number, '') || ' ' || coalesce(serial_number, '') || ' ' || coalesce(product_sku, ''))`,
  ticketDescription: `to_tsvector('english', issue_description)`,
  /** Order and serial numbers compared trimmed and case-insensitively (duplicate claims, exact search hits). */
  ticketOrderKey: `lower(btrim(coalesce(order_number, '')))`,
  ticketSerialKey: `lower(btrim(coalesce(serial_number, '')))`,
  customerText: `(name || ' ' || coalesce(email, ''))`,
  customerPhoneDigits: `regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')`,
  callPhoneDigits: `regexp_replace(coalesce(from_phone, ''), '[^0-9]', '', 'g')`,
  callTranscript: `to_tsvector('english', coalesce(transcription, ''))`,
} as const;

function gin(name: string, table: string, expression: string, trigram: boolean) {
  return { name, create: `create index "${name}" on "${table}" using gin ((${expression})${trigram ? ' gin_trgm_ops' : ''});` };
}

/**
 * Ticket numbers by prefix (`like 'WC-0012%'`, whatever the database's collation): a query shaped
 * like a ticket number can only match a ticket number from its start ("WC-" opens it), and the
 * trigram index would read the list of "wc", which every ticket has (50 ms at a million tickets).
 */
export const TICKET_NUMBER_PREFIX_INDEX = {
  name: 'tickets_organization_number_prefix_index',
  create: 'create index "tickets_organization_number_prefix_index" on "tickets" ("organization_id", "ticket_number" text_pattern_ops);',
} as const;

/**
 * The customers' newest-first index the search walks when a query matches many customers (tickets
 * and calls have theirs: tickets_org_created_index, call_logs_organization_created_index).
 */
export const CUSTOMER_RECENT_INDEX = {
  name: 'customers_organization_created_index',
  create: 'create index "customers_organization_created_index" on "customers" ("organization_id", "created_at", "id");',
} as const;

export const SEARCH_INDEXES = {
  ticketIdentifiers: gin('tickets_search_identifiers_trgm_index', 'tickets', SEARCH_EXPRESSIONS.ticketIdentifiers, true),
  ticketDescription: gin('tickets_search_description_fts_index', 'tickets', SEARCH_EXPRESSIONS.ticketDescription, false),
  customerText: gin('customers_search_text_trgm_index', 'customers', SEARCH_EXPRESSIONS.customerText, true),
  customerPhoneDigits: gin('customers_search_phone_digits_trgm_index', 'customers', SEARCH_EXPRESSIONS.customerPhoneDigits, true),
  callPhoneDigits: gin('call_logs_search_phone_digits_trgm_index', 'call_logs', SEARCH_EXPRESSIONS.callPhoneDigits, true),
  callTranscript: gin('call_logs_search_transcript_fts_index', 'call_logs', SEARCH_EXPRESSIONS.callTranscript, false),
} as const;

/** Shortest query searched; shorter answers empty groups (every row would match). */
export const SEARCH_MIN_LENGTH = 2;
/** Fewest digits for a query to be read as (part of) a phone number. */
const PHONE_MIN_DIGITS = 3;
const EXCERPT = 160;

/** `%q%` for ILIKE with the query's own %, _ and \ taken literally (served by the trigram indexes). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every word as a prefix, all required: "oil lea" → `oil:* & lea:*`; null when there is no word. */
export function prefixTsQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words?.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** The digits of a query that reads as a phone number ("(555) 123-4567", "+1 555.123"), else null. */
export function queryPhoneDigits(q: string): string | null {
  if (!/^[\d\s()+.\-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  return digits.length >= PHONE_MIN_DIGITS ? digits : null;
}

/** The query as the start of a ticket number ("wc-0012" → "WC-0012"), else null. */
export function ticketNumberPrefix(q: string): string | null {
  const trimmed = q.trim();
  return /^wc-\d+$/i.test(trimmed) ? trimmed.toUpperCase() : null;
}

/** Fewest digits for a query written as a phone number to be read as nothing else. */
const PHONE_ONLY_MIN_DIGITS = 7;

/**
 * Whether the query is written as a phone number ("(555) 123-4567", "+1 555 123 4567"): 7 digits or
 * more with a parenthesis, space or plus. Then it is matched as a phone only: no name, e-mail,
 * ticket, order, serial number or SKU is written that way, and their trigram lists of common
 * digit triples are long (20–60 ms at a million tickets). "555-0123" stays an identifier too.
 */
export function phoneOnlyQuery(q: string): boolean {
  const digits = queryPhoneDigits(q);
  return digits !== null && digits.length >= PHONE_ONLY_MIN_DIGITS && /[()\s+]/.test(q.trim());
}

/** One statement of a search, with `?` placeholders (MikroORM's `execute`) and the organization's @tenant tokens (run it through TenantSql). */
export interface SearchStatement {
  sql: string;
  params: unknown[];
}

const X = SEARCH_EXPRESSIONS;

/**
 * Matches ranked per group: the newest this many that match (read newest first through the
 * (organization_id, created_at) index when matches are dense, through the GIN index when they are
 * rare), plus the exact identifier matches of any age. A word in every description or a two-letter
 * query then costs a few hundred rows, not the organization's million.
 */
export const SEARCH_CANDIDATES = 100;
/**
 * Calls ranked: the newest this many matches. A transcript word is matched on the text itself
 * (to_tsvector per row while walking the newest calls), so the walk is kept short.
 */
const CALL_CANDIDATES = 25;
const EXACT_LIMIT = 20;

/**
 * Below this many matching tickets the matches are read through the GIN indexes alone (the probe);
 * from it on they are dense enough (1 in 200 at a million tickets) that walking the newest tickets
 * finds SEARCH_CANDIDATES of them in a few thousand rows.
 */
export const TICKET_PROBE_LIMIT = 5000;

/** The ticket match of the search: identifiers (trigram) or description words (full text). */
function ticketMatch(q: string): { sql: string; params: unknown[] } {
  const ts = prefixTsQuery(q);
  const number = ticketNumberPrefix(q);
  const identifiers = number
    ? { sql: 't.ticket_number like ?', params: [`${number}%`] }
    : phoneOnlyQuery(q)
      ? null
      : { sql: `${X.ticketIdentifiers} ilike ?`, params: [containsPattern(q)] };
  const parts = [
    ...(identifiers ? [identifiers] : []),
    ...(ts ? [{ sql: `${X.ticketDescription} @@ to_tsquery('english', ?)`, params: [ts] }] : []),
  ];
  if (parts.length === 0) return { sql: 'false', params: [] };
  return { sql: `(${parts.map((p) => p.sql).join(' or ')})`, params: parts.flatMap((p) => p.params) };
}

/**
 * The probe: up to `limit` matching tickets (id, created_at) in no order. Run it with plain index
 * and sequential scans disabled (SEARCH_PROBE_SETTINGS) so that it reads the GIN indexes' bitmap:
 * left to itself the planner may walk the organization's tickets newest first looking for a rare
 * match, which for a miss reads all of them (18 s at a million tickets).
 */
export function ticketMatchProbe(q: string, limit = TICKET_PROBE_LIMIT + 1): SearchStatement {
  const match = ticketMatch(q);
  return {
    sql: `select t.id, t.created_at from tickets t where @tenant(t) and ${match.sql} limit ${limit}`,
    params: match.params,
  };
}

/** Tickets whose number, order number or serial number is exactly the query (btree indexes). */
const EXACT_TICKETS_SQL = `select t.id from tickets t
             where @tenant(t) and (t.ticket_number = upper(?) or ${X.ticketOrderKey} = ? or ${X.ticketSerialKey} = ?)
             limit ${EXACT_LIMIT}`;

/**
 * Whether the query is exactly a ticket, order or serial number of the organization. Then the
 * search shows those tickets alone: the person typed an identifier, and a substring search of it
 * would read the long trigram lists of the prefix identifiers share ("ORD-2026-…", 90 ms at a
 * million tickets) for matches that rank below it anyway.
 */
export function exactTicketProbe(q: string): SearchStatement {
  const key = q.trim().toLowerCase();
  return { sql: EXACT_TICKETS_SQL, params: [q.trim(), key, key] };
}

/** How many of the newest tickets the search reads first, for a word most tickets say. */
export const RECENT_TICKETS = 200;

/**
 * The matches among the organization's RECENT_TICKETS newest tickets, newest first, at most
 * SEARCH_CANDIDATES. When it fills up, the match is dense and these are the candidates (reading a
 * dense word through the GIN index would build a bitmap of most of the table: 200 ms at a million).
 */
export function recentTicketMatches(q: string): SearchStatement {
  const match = ticketMatch(q);
  return {
    sql: `select t.id from (select t.id, t.created_at, t.ticket_number, t.order_number, t.serial_number, t.product_sku, t.issue_description
                           from tickets t where @tenant(t) order by t.created_at desc, t.id desc limit ${RECENT_TICKETS}) t
           where ${match.sql} order by t.created_at desc, t.id desc limit ${SEARCH_CANDIDATES}`,
    params: match.params,
  };
}

/**
 * Whether the GIN indexes can narrow the query: a trigram needs three letters or digits in a row.
 * A shorter query ("ab", "a b") is matched among the newest records only: probed through the
 * trigram indexes it would read every entry of them.
 */
export function probeable(q: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(q);
}

/** How a search runs its statements: plainly (the ids they select), and a probe under SEARCH_PROBE_SETTINGS. */
export interface SearchRunner {
  ids(statement: SearchStatement): Promise<string[]>;
  probe(statement: SearchStatement): Promise<{ id: string; created_at: Date | string }[]>;
}

/**
 * The candidates to rank, newest first, once the newest records' matches (`recent`) are known:
 * those when they fill SEARCH_CANDIDATES (a dense match) or the query is too short for the GIN
 * indexes; else the probe's matches; `ids` undefined when the probe found more than `limit` (then
 * the newest matches are walked). `via` says which statement decided (the bench explains it).
 */
export async function narrowCandidates(
  run: SearchRunner,
  q: string,
  recent: string[],
  probe: SearchStatement,
  limit: number,
): Promise<{ via: 'recent' | 'probe'; ids: string[] | undefined }> {
  if (recent.length >= SEARCH_CANDIDATES || !probeable(q)) return { via: 'recent', ids: recent };
  const rows = await run.probe(probe);
  if (rows.length > limit) return { via: 'probe', ids: undefined };
  const newest = rows.map((r) => ({ id: r.id, at: new Date(r.created_at).getTime() }));
  return { via: 'probe', ids: newest.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((r) => r.id) };
}

/** The settings of the probe's transaction (set_config(..., true) is SET LOCAL). */
export const SEARCH_PROBE_SETTINGS = `select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`;

/**
 * Tickets by number, order / serial number, SKU (trigram) and description words (full text).
 * `candidates`: the ids the probe found (when it found fewer than TICKET_PROBE_LIMIT), newest first;
 * without them the newest matches are walked through the (organization_id, created_at) index.
 */
export function ticketSearch(q: string, limit: number, candidates?: string[]): SearchStatement {
  const ts = prefixTsQuery(q);
  const match = ticketMatch(q);
  const textRank = ts ? `ts_rank(${X.ticketDescription}, to_tsquery('english', ?))` : '0';
  const key = q.trim().toLowerCase();
  const newest = candidates
    ? { sql: `select t.id from tickets t where @tenant(t) and t.id = any(?::uuid[])`, params: [`{${candidates.slice(0, SEARCH_CANDIDATES).join(',')}}`] }
    : {
        sql: `select t.id from tickets t where @tenant(t) and ${match.sql} order by t.created_at desc, t.id desc limit ${SEARCH_CANDIDATES}`,
        params: match.params,
      };
  return {
    sql: `with candidates as (
           (${EXACT_TICKETS_SQL})
           union
           (${newest.sql}))
         select t.id, t.ticket_number, t.order_number, t.serial_number, t.product_sku, t.product_model, t.status,
                c.name as customer_name, left(t.issue_description, ${EXCERPT}) as issue_description, t.created_at
           from (select t.*,
                        (case when lower(?) in (lower(t.ticket_number), lower(coalesce(t.order_number, '')), lower(coalesce(t.serial_number, '')), lower(coalesce(t.product_sku, ''))) then 2 else 0 end)
                        + word_similarity(?, ${X.ticketIdentifiers}) + ${textRank} as rank
                   from candidates m join tickets t on t.id = m.id
                  order by rank desc, t.created_at desc, t.id
                  limit ${limit}) t
           join customers c on c.id = t.customer_id
          order by t.rank desc, t.created_at desc, t.id`,
    params: [q.trim(), key, key, ...newest.params, q, q, ...(ts ? [ts] : [])],
  };
}

/** The customer match of the search: name and e-mail (trigram), the phone's digits. */
function customerMatch(q: string): { sql: string; params: unknown[] } {
  const digits = queryPhoneDigits(q);
  const parts = [
    ...(phoneOnlyQuery(q) ? [] : [{ sql: `${X.customerText} ilike ?`, param: containsPattern(q) }]),
    ...(digits ? [{ sql: `${X.customerPhoneDigits} like ?`, param: containsPattern(digits) }] : []),
  ];
  return { sql: `(${parts.map((p) => p.sql).join(' or ')})`, params: parts.map((p) => p.param) };
}

/** How many of the newest customers the search reads first, for a name many customers share. */
export const RECENT_CUSTOMERS = 1000;
/** Below this many matching customers the matches are read through the GIN indexes alone. */
export const CUSTOMER_PROBE_LIMIT = 5000;

/**
 * The matches among the organization's RECENT_CUSTOMERS newest customers, newest first, at most
 * SEARCH_CANDIDATES: when it fills up, the match is dense and these are the candidates.
 */
export function recentCustomerMatches(q: string): SearchStatement {
  const match = customerMatch(q);
  return {
    sql: `select c.id from (select c.id, c.created_at, c.name, c.email, c.phone from customers c
                           where @tenant(c) order by c.created_at desc, c.id desc limit ${RECENT_CUSTOMERS}) c
           where ${match.sql} order by c.created_at desc, c.id desc limit ${SEARCH_CANDIDATES}`,
    params: match.params,
  };
}

/**
 * Up to `limit` matching customers (id, created_at) in no order, read through the GIN indexes'
 * bitmap (run it under SEARCH_PROBE_SETTINGS): left to itself, the planner may misjudge a rare name
 * ("Aisha Hil": 250 of 500,000) as common and walk the customers newest first (630 ms).
 */
export function customerMatchProbe(q: string, limit = CUSTOMER_PROBE_LIMIT + 1): SearchStatement {
  const match = customerMatch(q);
  return {
    sql: `select c.id, c.created_at from customers c where @tenant(c) and ${match.sql} limit ${limit}`,
    params: match.params,
  };
}

/**
 * Customers by name and e-mail (trigram) and by the digits of their phone. `candidates`: the ids of
 * the newest matches (recentCustomerMatches or the probe), newest first; without them the newest
 * matches are walked (a match too dense for the probe).
 */
export function customerSearch(q: string, limit: number, candidates?: string[]): SearchStatement {
  const match = customerMatch(q);
  const newest = candidates
    ? { sql: `select c.* from customers c where @tenant(c) and c.id = any(?::uuid[])`, params: [`{${candidates.slice(0, SEARCH_CANDIDATES).join(',')}}`] }
    : {
        sql: `select c.* from customers c where @tenant(c) and ${match.sql} order by c.created_at desc, c.id desc limit ${SEARCH_CANDIDATES}`,
        params: match.params,
      };
  return {
    sql: `select c.id, c.name, c.email, c.phone, lt.id as latest_ticket_id, lt.ticket_number as latest_ticket_number
         from (select c.*,
                      (case when lower(?) in (lower(c.name), lower(coalesce(c.email, ''))) then 2 else 0 end)
                      + word_similarity(?, ${X.customerText}) as rank
                 from (${newest.sql}) c
                order by rank desc, c.created_at desc, c.id
                limit ${limit}) c
         left join lateral (select t.id, t.ticket_number from tickets t where t.customer_id = c.id and t.organization_id = c.organization_id
                             order by t.created_at desc limit 1) lt on true
        order by c.rank desc, c.created_at desc, c.id`,
    params: [q, q, ...newest.params],
  };
}

/** Calls by the digits of the caller's number and by transcript words; null when the query is neither. */
export function callSearch(q: string, limit: number): SearchStatement | null {
  const digits = queryPhoneDigits(q);
  const ts = prefixTsQuery(q);
  if (!digits && !ts) return null;
  const matches: string[] = [];
  const params: unknown[] = [];
  if (digits) {
    matches.push(`${X.callPhoneDigits} like ?`);
    params.push(containsPattern(digits));
  }
  if (ts) {
    matches.push(`${X.callTranscript} @@ to_tsquery('english', ?)`);
    params.push(ts);
  }
  const rank = ts ? `ts_rank(${X.callTranscript}, to_tsquery('english', ?))` : '0';
  return {
    sql: `select id, call_type, from_phone, caller_name, left(transcription, ${EXCERPT}) as transcription, ticket_id, created_at
         from (select l.*, ${digits ? `(case when ${X.callPhoneDigits} like ? then 1 else 0 end)` : '0'} + ${rank} as rank
                 from (select l.* from call_logs l
                        where @tenant(l) and (${matches.join(' or ')})
                        order by l.created_at desc, l.id desc
                        limit ${CALL_CANDIDATES}) l) l
        order by rank desc, created_at desc, id
        limit ${limit}`,
    params: [...(digits ? [containsPattern(digits)] : []), ...(ts ? [ts] : []), ...params],
  };
}
