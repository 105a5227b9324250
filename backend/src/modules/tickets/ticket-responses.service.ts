import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ProductWarrantyTerms, type TermProduct, termDaysFrom } from '../settings/products/product-warranty-terms.js';
import { type TicketResponseDto, toTicketResponse } from './dto/ticket-response.dto.js';
import type { Ticket } from './ticket.entity.js';

/**
 * Builds ticket responses with each ticket's warranty term: the term of the product its SKU or
 * model matches (settings' products), else the rule's default of 90 days. One query per page, or
 * none when the page's statement read the products too.
 */
@Injectable()
export class TicketResponses {
  constructor(private readonly terms: ProductWarrantyTerms) {}

  async many(organizationId: string, tickets: Ticket[], now: Date = new Date(), em?: EntityManager): Promise<TicketResponseDto[]> {
    return this.build(tickets, await this.terms.termDaysOf(tickets, em), now);
  }

  /** A page read together with its candidate products (TicketListService): no query here. */
  withProducts(tickets: Ticket[], products: TermProduct[], now: Date = new Date()): TicketResponseDto[] {
    return this.build(tickets, termDaysFrom(tickets, products), now);
  }

  private build(tickets: Ticket[], termDays: (number | null | undefined)[], now: Date): TicketResponseDto[] {
    return tickets.map((t, i) => toTicketResponse(t, now, termDays[i]));
  }

  async one(organizationId: string, ticket: Ticket, em?: EntityManager): Promise<TicketResponseDto> {
    return (await this.many(organizationId, [ticket], new Date(), em))[0]!;
  }
}
