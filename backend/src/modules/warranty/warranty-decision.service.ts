import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { decisionSubject, fillWarrantyTemplate, warrantyTemplateValues } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { DomainEvents } from '../../common/events/domain-event.js';
import { ConversationsService } from '../conversations/conversations.service.js';
import { recordTicketActivity } from '../tickets/ticket-activity-recorder.js';
import type { Ticket } from '../tickets/ticket.entity.js';
import { TicketsService } from '../tickets/tickets.service.js';
import type { DecisionDto, DecisionNotificationDto, DecisionResponseDto, NotificationChannel } from './dto/decision.dto.js';
import { toClaimDecision } from './dto/decision.dto.js';
import { WarrantyDecisionChangedEvent } from './events/warranty-events.js';
import { WarrantyClaim } from './warranty-claim.entity.js';
import { DenialReasonRequiredError, ResolutionExistsError, UnknownDenialReasonError } from './warranty.errors.js';
import { WarrantyResolution } from './warranty-resolution.entity.js';
import { WarrantySettingsService } from './warranty-settings.service.js';

/** The claim's key in the Warranty rollups, as the tickets' trigger computes it. */
export function claimKey(ticket: Ticket): Pick<WarrantyClaim, 'claimedAt' | 'day' | 'brand' | 'sku' | 'product' | 'category'> {
  return {
    claimedAt: ticket.createdAt,
    day: ticket.createdAt.toISOString().slice(0, 10),
    brand: ticket.productBrand ?? '',
    sku: ticket.productSku ?? '',
    product: ticket.productModel ?? '',
    category: ticket.issueCategory ?? '',
  };
}

/**
 * A claim's decision: approved or denied with a reason (a denial: one of the organization's
 * reasons), recorded in the activity, published, and told to the customer through the ticket's
 * conversation (e-mail when the ticket has a customer e-mail, else SMS, else nobody) from the
 * organization's template — all in one transaction, so a message that cannot be queued (no SMTP)
 * leaves no decision either. A decision may change until the claim has a resolution.
 */
@Injectable()
export class WarrantyDecisionService {
  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
    private readonly settings: WarrantySettingsService,
    private readonly conversations: ConversationsService,
    private readonly events: DomainEvents,
  ) {}

  async decide(actor: Actor, ticketId: string, dto: DecisionDto): Promise<DecisionResponseDto> {
    const settings = await this.settings.get(actor.organizationId);
    const reason = dto.reason?.trim() || null;
    if (dto.decision === 'denied') {
      if (!reason) throw new DenialReasonRequiredError();
      if (!settings.denial_reasons.includes(reason)) throw new UnknownDenialReasonError();
    }
    return this.em.transactional(async (tx) => {
      const ticket = await this.tickets.get(actor, ticketId, tx);
      const claims = tx.getRepository(WarrantyClaim);
      let claim = await claims.ofTicket(ticket.id);
      const previous = claim?.decision ?? null;
      const resolution = await tx.getRepository(WarrantyResolution).findOne({ ticket: ticket.id });
      if (resolution && dto.decision === 'denied') throw new ResolutionExistsError();
      const now = new Date();
      const fields = {
        decision: dto.decision,
        reason,
        note: dto.note?.trim() || null,
        decidedBy: actor.id,
        decidedAt: now,
        // A denial ends the claim; an approval ends with its resolution delivered or refunded.
        resolvedAt: dto.decision === 'denied' ? now : (resolution?.resolvedAt ?? null),
      };
      if (claim) tx.assign(claim, fields);
      else claim = tx.create(WarrantyClaim, { ticket, organization: actor.organizationId, ...claimKey(ticket), ...fields });

      let notification: DecisionNotificationDto | null = null;
      if (dto.notify_customer) {
        const channel: NotificationChannel = ticket.customer.email?.trim() ? 'email' : ticket.customer.phone?.trim() ? 'sms' : 'none';
        if (channel === 'none') {
          notification = { channel, message_id: null, text: 'The customer was not told: the ticket has no customer e-mail or phone' };
        } else {
          const template = dto.decision === 'approved' ? settings.approval_template : settings.denial_template;
          const body = fillWarrantyTemplate(
            template,
            warrantyTemplateValues(
              { ticket_number: ticket.ticketNumber, customer_name: ticket.customer.name, product_brand: ticket.productBrand, product_model: ticket.productModel, product_sku: ticket.productSku },
              { reason, note: fields.note },
            ),
          );
          const message = await this.conversations.postIn(tx, actor, ticket.id, { channel, body, subject: decisionSubject(dto.decision, ticket.ticketNumber) });
          notification = {
            channel,
            message_id: message.id,
            text: channel === 'email' ? `The customer is told by e-mail at ${message.toAddress}` : `The customer is told by SMS at ${message.toAddress}`,
          };
        }
      }
      recordTicketActivity(tx, {
        organizationId: actor.organizationId,
        ticketId: ticket.id,
        actorId: actor.id,
        kind: 'warranty_decision',
        detail: { decision: dto.decision, reason, changed: previous !== null, notified: notification?.channel ?? null },
      });
      await tx.flush();
      await this.events.publish(tx, new WarrantyDecisionChangedEvent(actor.organizationId, ticket.id, dto.decision, previous, actor.id));
      return { ticket_id: ticket.id, ...toClaimDecision(claim), notification };
    });
  }
}
