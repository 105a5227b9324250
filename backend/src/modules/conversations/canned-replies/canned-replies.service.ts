import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { cannedReplyValues, fillCannedReply } from '@warranty-crm/contract';
import type { Actor } from '../../../common/auth/actor.js';
import { ProductWarrantyTerms } from '../../settings/products/product-warranty-terms.js';
import { TicketsService } from '../../tickets/tickets.service.js';
import { CannedReplyNameTakenError, CannedReplyNotFoundError, TimeZoneInvalidError } from './canned-replies.errors.js';
import { CannedReply } from './canned-reply.entity.js';

function checkTimeZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    throw new TimeZoneInvalidError();
  }
}

/** The organization's canned replies (Settings → Canned Replies), and one filled from a ticket for the reply box. */
@Injectable()
export class CannedRepliesService {
  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
    private readonly terms: ProductWarrantyTerms,
  ) {}

  list(actor: Actor): Promise<CannedReply[]> {
    return this.em.getRepository(CannedReply).byName();
  }

  async get(actor: Actor, id: string): Promise<CannedReply> {
    const reply = await this.em.getRepository(CannedReply).ofOrganization(actor.organizationId, id);
    if (!reply) throw new CannedReplyNotFoundError();
    return reply;
  }

  async create(actor: Actor, input: { name: string; body: string }): Promise<CannedReply> {
    if (await this.em.getRepository(CannedReply).named(input.name)) throw new CannedReplyNameTakenError();
    const reply = this.em.create(CannedReply, { organization: actor.organizationId, name: input.name, body: input.body });
    await this.em.flush();
    return reply;
  }

  async update(actor: Actor, id: string, input: { name: string; body: string }): Promise<CannedReply> {
    const reply = await this.get(actor, id);
    if (await this.em.getRepository(CannedReply).named(input.name, reply.id)) throw new CannedReplyNameTakenError();
    reply.name = input.name;
    reply.body = input.body;
    await this.em.flush();
    return reply;
  }

  async remove(actor: Actor, id: string): Promise<CannedReply> {
    const reply = await this.get(actor, id);
    await this.em.remove(reply).flush();
    return reply;
  }

  /**
   * The reply's text with its placeholders filled from the ticket (the contract's fillCannedReply):
   * the warranty days left by the warranty rule with the term of the ticket's product, the promised
   * response time in `tz`.
   */
  async render(actor: Actor, ticketId: string, replyId: string, tz = 'UTC'): Promise<{ reply: CannedReply; text: string }> {
    const zone = checkTimeZone(tz);
    const ticket = await this.tickets.get(actor, ticketId);
    const reply = await this.get(actor, replyId);
    const [termDays] = await this.terms.termDaysOf([ticket]);
    const values = cannedReplyValues(
      {
        ticket_number: ticket.ticketNumber,
        customer_name: ticket.customer.name,
        product_brand: ticket.productBrand,
        product_model: ticket.productModel,
        purchase_date: ticket.purchaseDate,
        created_at: ticket.createdAt,
        respond_by: ticket.respondBy,
        warranty_term_days: termDays,
      },
      new Date(),
      zone,
    );
    return { reply, text: fillCannedReply(reply.body, values) };
  }
}
