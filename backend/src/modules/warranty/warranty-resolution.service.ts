import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  formatRmaNumber,
  isFinalResolutionState,
  itemsTotal,
  nextResolutionStates,
  RESOLUTION_STATE_LABELS,
  RESOLUTION_TYPE_LABELS,
  type ResolutionState,
} from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { DomainEvents } from '../../common/events/domain-event.js';
import { recordTicketActivity } from '../tickets/ticket-activity-recorder.js';
import { TicketsService } from '../tickets/tickets.service.js';
import type { CreateResolutionDto, ResolutionItemDto, UpdateResolutionDto } from './dto/resolution.dto.js';
import { ResolutionChangedEvent } from './events/warranty-events.js';
import { WarrantyClaim } from './warranty-claim.entity.js';
import { WarrantyResolution, WarrantyResolutionItem } from './warranty-resolution.entity.js';
import { ClaimNotApprovedError, ResolutionExistsError, ResolutionNotFoundError, ResolutionTransitionError, ResolutionTypeLockedError } from './warranty.errors.js';

const SHIPMENT_FIELDS = [
  ['return_carrier', 'returnCarrier', 'return carrier'],
  ['return_tracking', 'returnTracking', 'return tracking number'],
  ['outbound_carrier', 'outboundCarrier', 'outbound carrier'],
  ['outbound_tracking', 'outboundTracking', 'outbound tracking number'],
] as const;

function money(n: number): string {
  return n.toFixed(2);
}

/**
 * An approved claim's resolution: created with the organization's next RMA number (a gapless
 * counter taken in the creating transaction), its items and total cost, its shipments, and its state
 * along the allowed transitions. Every change is in the activity, published (ResolutionChangedEvent),
 * and copied to the claim (total cost, end) for the Warranty rollups.
 */
@Injectable()
export class WarrantyResolutionService {
  constructor(
    private readonly em: EntityManager,
    private readonly tickets: TicketsService,
    private readonly events: DomainEvents,
  ) {}

  async outcome(actor: Actor, ticketId: string): Promise<{ claim: WarrantyClaim | null; resolution: WarrantyResolution | null }> {
    const ticket = await this.tickets.get(actor, ticketId);
    const claim = await this.em.getRepository(WarrantyClaim).ofTicket(ticket.id);
    const resolution = await this.em.getRepository(WarrantyResolution).ofTicket(ticket.id);
    return { claim, resolution };
  }

  async create(actor: Actor, ticketId: string, dto: CreateResolutionDto): Promise<WarrantyResolution> {
    return this.em.transactional(async (tx) => {
      const ticket = await this.tickets.get(actor, ticketId, tx, true);
      const claim = await tx.getRepository(WarrantyClaim).ofTicket(ticket.id);
      if (claim?.decision !== 'approved') throw new ClaimNotApprovedError();
      const repository = tx.getRepository(WarrantyResolution);
      if (await repository.findOne({ ticket: ticket.id })) throw new ResolutionExistsError();
      const seq = await repository.nextRmaSeq();
      const resolution = tx.create(WarrantyResolution, {
        organization: actor.organizationId,
        ticket,
        rmaSeq: seq,
        rmaNumber: formatRmaNumber(seq),
        type: dto.type,
        state: 'awaiting_return',
        returnCarrier: dto.return_carrier ?? null,
        returnTracking: dto.return_tracking ?? null,
        outboundCarrier: dto.outbound_carrier ?? null,
        outboundTracking: dto.outbound_tracking ?? null,
      });
      this.replaceItems(tx, actor, resolution, dto.items ?? []);
      claim.totalCost = resolution.totalCost;
      recordTicketActivity(tx, {
        organizationId: actor.organizationId,
        ticketId: ticket.id,
        actorId: actor.id,
        kind: 'resolution_created',
        detail: { rma: resolution.rmaNumber, type: resolution.type, type_label: RESOLUTION_TYPE_LABELS[resolution.type], total: resolution.totalCost },
      });
      await tx.flush();
      await this.events.publish(tx, new ResolutionChangedEvent(actor.organizationId, ticket.id, resolution.id, 'created', resolution.state, actor.id));
      return resolution;
    });
  }

  async update(actor: Actor, ticketId: string, dto: UpdateResolutionDto): Promise<WarrantyResolution> {
    return this.em.transactional(async (tx) => {
      const ticket = await this.tickets.get(actor, ticketId, tx);
      const repository = tx.getRepository(WarrantyResolution);
      const resolution = await repository.findOne({ ticket: ticket.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!resolution) throw new ResolutionNotFoundError();
      await tx.populate(resolution, ['items']);
      const claim = (await tx.getRepository(WarrantyClaim).ofTicket(ticket.id))!;
      const said: string[] = [];
      let stateChanged = false;

      if (dto.type !== undefined && dto.type !== resolution.type) {
        if (resolution.state !== 'awaiting_return') throw new ResolutionTypeLockedError();
        said.push(`type ${RESOLUTION_TYPE_LABELS[resolution.type]} → ${RESOLUTION_TYPE_LABELS[dto.type]}`);
        resolution.type = dto.type;
      }
      if (dto.state !== undefined && dto.state !== resolution.state) {
        if (!nextResolutionStates(resolution.type, resolution.state).includes(dto.state)) throw new ResolutionTransitionError(resolution.state, dto.state);
        said.push(`${RESOLUTION_STATE_LABELS[resolution.state]} → ${RESOLUTION_STATE_LABELS[dto.state]}`);
        resolution.state = dto.state;
        stateChanged = true;
        if (isFinalResolutionState(dto.state as ResolutionState)) {
          resolution.resolvedAt = new Date();
          claim.resolvedAt = resolution.resolvedAt;
        }
      }
      for (const [field, property, label] of SHIPMENT_FIELDS) {
        const value = dto[field];
        if (value === undefined || (value ?? null) === (resolution[property] ?? null)) continue;
        resolution[property] = value ?? null;
        said.push(value ? `${label} ${value}` : `${label} cleared`);
      }
      if (dto.items !== undefined) {
        const before = resolution.totalCost;
        this.replaceItems(tx, actor, resolution, dto.items);
        claim.totalCost = resolution.totalCost;
        said.push(`items: ${dto.items.length}, total cost ${before} → ${resolution.totalCost}`);
      }
      if (!said.length) return resolution;
      recordTicketActivity(tx, {
        organizationId: actor.organizationId,
        ticketId: ticket.id,
        actorId: actor.id,
        kind: 'resolution_changed',
        detail: { rma: resolution.rmaNumber, state: resolution.state, text: said.join('; ') },
      });
      await tx.flush();
      await this.events.publish(
        tx,
        new ResolutionChangedEvent(actor.organizationId, ticket.id, resolution.id, stateChanged ? 'state' : 'updated', resolution.state, actor.id),
      );
      return resolution;
    });
  }

  private replaceItems(tx: EntityManager, actor: Actor, resolution: WarrantyResolution, items: ResolutionItemDto[]): void {
    for (const old of resolution.items.getItems()) tx.remove(old);
    resolution.items.removeAll();
    items.forEach((item, position) =>
      resolution.items.add(
        tx.create(WarrantyResolutionItem, {
          organization: actor.organizationId,
          resolution,
          position,
          sku: item.sku,
          description: item.description ?? '',
          quantity: item.quantity,
          unitCost: money(item.unit_cost),
        }),
      ),
    );
    resolution.totalCost = money(itemsTotal(items));
  }
}
