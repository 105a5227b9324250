import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { type CallHitDto, type CustomerHitDto, SEARCH_GROUP_LIMIT, type SearchResultsDto, type TicketHitDto } from './dto/search.dto.js';
import {
  callSearch,
  CUSTOMER_PROBE_LIMIT,
  customerMatchProbe,
  customerSearch,
  narrowCandidates,
  recentCustomerMatches,
  SEARCH_MIN_LENGTH,
  SEARCH_PROBE_SETTINGS,
  type SearchRunner,
  type SearchStatement,
  TICKET_PROBE_LIMIT,
  exactTicketProbe,
  recentTicketMatches,
  ticketMatchProbe,
  ticketSearch,
} from './search-indexes.js';

/**
 * Global search over the signed-in organization's tickets, customers and calls. Every query is
 * scoped to the organization (TenantSql) and matches through a GIN index (trigram for substrings, full text for
 * descriptions and transcripts); rows are ranked exact match first, then by similarity / text rank,
 * then newest. The statements are in search-indexes.ts (bench/search.ts runs and EXPLAINs them).
 */
@Injectable()
export class SearchService {
  constructor(private readonly em: EntityManager) {}

  async search(actor: Actor, raw: string): Promise<SearchResultsDto> {
    const q = raw.trim();
    if (q.length < SEARCH_MIN_LENGTH) return { query: q, tickets: [], customers: [], calls: [] };
    const [tickets, customers, calls] = await Promise.all([this.tickets(q), this.customers(q), this.calls(q)]);
    return { query: q, tickets, customers, calls };
  }

  private run(statement: SearchStatement): Promise<Record<string, unknown>[]> {
    return tenantSql(this.em).run<Record<string, unknown>[]>(statement);
  }

  /** The service's runner: the ids a statement selects; a probe in a transaction with its settings. */
  private readonly runner: SearchRunner = {
    ids: async (statement) => (await this.run(statement)).map((r) => r.id as string),
    probe: (statement) =>
      this.em.transactional(async (tx) => {
        await tx.execute(SEARCH_PROBE_SETTINGS);
        return tenantSql(tx).run<{ id: string; created_at: Date | string }[]>(statement);
      }),
  };

  /**
   * The tickets to rank, newest first: none beyond the exact ones for an exact identifier (see
   * exactTicketProbe); else as narrowCandidates decides from the newest tickets' matches (both
   * read at once).
   */
  private async ticketCandidates(q: string): Promise<string[] | undefined> {
    const [exact, recent] = await Promise.all([this.run(exactTicketProbe(q)), this.runner.ids(recentTicketMatches(q))]);
    if (exact.length) return [];
    return (await narrowCandidates(this.runner, q, recent, ticketMatchProbe(q), TICKET_PROBE_LIMIT)).ids;
  }

  /** The customers to rank, newest first, as narrowCandidates decides from the newest customers' matches. */
  private async customerCandidates(q: string): Promise<string[] | undefined> {
    const recent = await this.runner.ids(recentCustomerMatches(q));
    return (await narrowCandidates(this.runner, q, recent, customerMatchProbe(q), CUSTOMER_PROBE_LIMIT)).ids;
  }

  private async tickets(q: string): Promise<TicketHitDto[]> {
    const rows = await this.run(ticketSearch(q, SEARCH_GROUP_LIMIT, await this.ticketCandidates(q)));
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

  private async customers(q: string): Promise<CustomerHitDto[]> {
    const rows = await this.run(customerSearch(q, SEARCH_GROUP_LIMIT, await this.customerCandidates(q)));
    return rows.map((r) => ({
      id: r.id as string,
      name: r.name as string,
      email: (r.email as string | null) ?? null,
      phone: (r.phone as string | null) ?? null,
      latest_ticket_id: (r.latest_ticket_id as string | null) ?? null,
      latest_ticket_number: (r.latest_ticket_number as string | null) ?? null,
    }));
  }

  private async calls(q: string): Promise<CallHitDto[]> {
    const statement = callSearch(q, SEARCH_GROUP_LIMIT);
    if (!statement) return [];
    const rows = await this.run(statement);
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
