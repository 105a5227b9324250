import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { type CallHitDto, type CustomerHitDto, SEARCH_GROUP_LIMIT, type SearchResultsDto, type TicketHitDto } from './dto/search.dto.js';
import { SEARCH_EXPRESSIONS as X } from './search-indexes.js';

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
export function phoneDigits(q: string): string | null {
  if (!/^[\d\s()+.\-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  return digits.length >= PHONE_MIN_DIGITS ? digits : null;
}

/**
 * Global search over the signed-in organization's tickets, customers and calls. Every query is
 * scoped by organization_id and matches through a GIN index (trigram for substrings, full text for
 * descriptions and transcripts); rows are ranked exact match first, then by similarity / text rank,
 * then newest.
 */
@Injectable()
export class SearchService {
  constructor(private readonly em: EntityManager) {}

  async search(actor: Actor, raw: string): Promise<SearchResultsDto> {
    const q = raw.trim();
    if (q.length < SEARCH_MIN_LENGTH) return { query: q, tickets: [], customers: [], calls: [] };
    const org = actor.organizationId;
    const [tickets, customers, calls] = await Promise.all([this.tickets(org, q), this.customers(org, q), this.calls(org, q)]);
    return { query: q, tickets, customers, calls };
  }

  private async tickets(org: string, q: string): Promise<TicketHitDto[]> {
    const like = containsPattern(q);
    const ts = prefixTsQuery(q);
    const textMatch = ts ? `or ${X.ticketDescription} @@ to_tsquery('english', ?)` : '';
    const textRank = ts ? `ts_rank(${X.ticketDescription}, to_tsquery('english', ?))` : '0';
    const rows = await this.em.execute<Record<string, unknown>[]>(
      `select t.id, t.ticket_number, t.order_number, t.serial_number, t.product_sku, t.product_model, t.status,
              c.name as customer_name, left(t.issue_description, ${EXCERPT}) as issue_description, t.created_at
         from (select t.*,
                      (case when lower(?) in (lower(t.ticket_number), lower(coalesce(t.order_number, '')), lower(coalesce(t.serial_number, '')), lower(coalesce(t.product_sku, ''))) then 2 else 0 end)
                      + word_similarity(?, ${X.ticketIdentifiers}) + ${textRank} as rank
                 from tickets t
                where t.organization_id = ? and (${X.ticketIdentifiers} ilike ? ${textMatch})) t
         join customers c on c.id = t.customer_id
        order by t.rank desc, t.created_at desc, t.id
        limit ${SEARCH_GROUP_LIMIT}`,
      [q, q, ...(ts ? [ts] : []), org, like, ...(ts ? [ts] : [])],
    );
    return rows.map((r) => ({
      id: r.id as string,
      ticket_number: r.ticket_number as string,
      order_number: (r.order_number as string | null) ?? null,
      serial_number: (r.serial_number as string | null) ?? null,
      product_sku: (r.product_sku as string | null) ?? null,
      product_model: (r.product_model as string | null) ?? null,
      status: r.status as string,
      customer_name: r.customer_name as string,
      issue_description: r.issue_description as string,
      created_at: new Date(r.created_at as string).toISOString(),
    }));
  }

  private async customers(org: string, q: string): Promise<CustomerHitDto[]> {
    const digits = phoneDigits(q);
    const phoneMatch = digits ? `or ${X.customerPhoneDigits} like ?` : '';
    const rows = await this.em.execute<Record<string, unknown>[]>(
      `select c.id, c.name, c.email, c.phone, lt.id as latest_ticket_id, lt.ticket_number as latest_ticket_number
         from (select c.*,
                      (case when lower(?) in (lower(c.name), lower(coalesce(c.email, ''))) then 2 else 0 end)
                      + word_similarity(?, ${X.customerText}) as rank
                 from customers c
                where c.organization_id = ? and (${X.customerText} ilike ? ${phoneMatch})) c
         left join lateral (select t.id, t.ticket_number from tickets t where t.customer_id = c.id and t.organization_id = c.organization_id
                             order by t.created_at desc limit 1) lt on true
        order by c.rank desc, c.created_at desc, c.id
        limit ${SEARCH_GROUP_LIMIT}`,
      [q, q, org, containsPattern(q), ...(digits ? [containsPattern(digits)] : [])],
    );
    return rows.map((r) => ({
      id: r.id as string,
      name: r.name as string,
      email: (r.email as string | null) ?? null,
      phone: (r.phone as string | null) ?? null,
      latest_ticket_id: (r.latest_ticket_id as string | null) ?? null,
      latest_ticket_number: (r.latest_ticket_number as string | null) ?? null,
    }));
  }

  private async calls(org: string, q: string): Promise<CallHitDto[]> {
    const digits = phoneDigits(q);
    const ts = prefixTsQuery(q);
    if (!digits && !ts) return [];
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
    const rows = await this.em.execute<Record<string, unknown>[]>(
      `select id, call_type, from_phone, caller_name, left(transcription, ${EXCERPT}) as transcription, ticket_id, created_at
         from (select l.*, ${digits ? `(case when ${X.callPhoneDigits} like ? then 1 else 0 end)` : '0'} + ${rank} as rank
                 from call_logs l
                where l.organization_id = ? and (${matches.join(' or ')})) l
        order by rank desc, created_at desc, id
        limit ${SEARCH_GROUP_LIMIT}`,
      [...(digits ? [containsPattern(digits)] : []), ...(ts ? [ts] : []), org, ...params],
    );
    return rows.map((r) => ({
      id: r.id as string,
      call_type: r.call_type as string,
      from_phone: (r.from_phone as string | null) ?? null,
      caller_name: (r.caller_name as string | null) ?? null,
      transcription: (r.transcription as string | null) ?? null,
      ticket_id: (r.ticket_id as string | null) ?? null,
      created_at: new Date(r.created_at as string).toISOString(),
    }));
  }
}
