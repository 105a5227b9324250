import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { DomainEvents } from '../../common/events/domain-event.js';
import { CallLog } from '../call-logs/call-log.entity.js';
import { CustomersService } from '../customers/customers.service.js';
import { SettingsService } from '../settings/settings.service.js';
import type { CreateTicketDto } from './dto/create-ticket.dto.js';
import type { PossibleDuplicateDto } from './dto/ticket-response.dto.js';
import type { UpdateTicketDto } from './dto/update-ticket.dto.js';
import { TicketCreatedEvent } from './events/ticket-created.event.js';
import { TicketStatusChangedEvent } from './events/ticket-status-changed.event.js';
import { nextTicketNumber } from './ticket-number.js';
import { TicketStatusChange } from './ticket-status-change.entity.js';
import { DUPLICATE_KEYS, Ticket } from './ticket.entity.js';

const DUPLICATES_LIMIT = 20;

/** Creating, reading and editing one ticket. */
@Injectable()
export class TicketsService {
  constructor(
    private readonly em: EntityManager,
    private readonly customers: CustomersService,
    private readonly settings: SettingsService,
    private readonly events: DomainEvents,
  ) {}

  async create(actor: Actor, dto: CreateTicketDto): Promise<Ticket> {
    const organizationId = actor.organizationId;
    const ticket = await this.em.transactional(async (tx) => {
      // First: the counter's row lock also serialises the customer lookup below per organization.
      const ticketNumber = await nextTicketNumber(tx, organizationId);
      const call = dto.call_log_id ? await this.callForTicket(tx, organizationId, dto.call_log_id) : null;
      const customer = await this.customers.resolveForTicket(tx, organizationId, {
        name: dto.customerName,
        email: dto.customerEmail,
        phone: call?.fromPhone ?? dto.customerPhone,
      });
      const productBrand = dto.productBrand ?? (await this.settings.defaultTicketBrand(organizationId, tx));
      const attempted = dto.troubleshootingAttempted === 'Yes';
      const created = tx.create(Ticket, {
        organization: organizationId,
        ticketNumber,
        customer,
        productBrand,
        productModel: dto.jackModel,
        productSku: dto.productSku,
        serialNumber: dto.serialNumber ?? null,
        orderNumber: dto.orderNumber,
        purchaseLocation: dto.purchaseLocation,
        purchaseDate: dto.purchaseDate,
        issueCategory: dto.issueCategory,
        issueDescription: dto.issueDescription,
        issueStartTime: dto.issueStartTime,
        troubleshootingAttempted: attempted,
        troubleshootingSteps: attempted ? dto.troubleshootingSteps : null,
        preferredResolution: dto.preferredResolution,
        contactMethod: dto.contactMethod ?? 'Email',
        priority: dto.priority ?? 'Medium',
        injuryReported: dto.injuryReported ?? false,
        propertyDamage: dto.propertyDamage ?? false,
      });
      tx.create(TicketStatusChange, {
        organization: organizationId,
        ticket: created,
        fromStatus: null,
        toStatus: created.status,
        changedBy: actor.id,
        createdAt: created.createdAt,
      });
      if (call) call.ticket = created;
      await tx.flush();
      await this.events.publish(tx, new TicketCreatedEvent(organizationId, created.id, created.productBrand ?? null));
      return created;
    });
    return ticket;
  }

  /** A ticket made from a call: the organization's call log, locked, not yet linked to a ticket. */
  private async callForTicket(tx: EntityManager, organizationId: string, callLogId: string): Promise<CallLog> {
    const call = await tx.findOne(CallLog, { id: callLogId, organization: organizationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!call) throw new NotFoundException('Call log not found');
    if (call.ticket) throw new ConflictException('This call already has a ticket');
    return call;
  }

  /** The organization's ticket with its customer; another organization's id is a 404. */
  async get(actor: Actor, id: string, em: EntityManager = this.em, lock = false): Promise<Ticket> {
    const ticket = await em.findOne(
      Ticket,
      { id, organization: actor.organizationId },
      lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : { populate: ['customer'] },
    );
    if (!ticket) throw new NotFoundException('Ticket not found');
    return ticket;
  }

  async update(actor: Actor, id: string, dto: UpdateTicketDto): Promise<Ticket> {
    if (dto.status === undefined && dto.priority === undefined && dto.issue_description === undefined && dto.purchase_verified === undefined) {
      throw new BadRequestException('Nothing to update: send status, priority, issue_description or purchase_verified');
    }
    return this.em.transactional(async (tx) => {
      // Locked so two concurrent status changes record their true "from" in the history.
      const locked = await this.get(actor, id, tx, true);
      if (dto.status !== undefined && dto.status !== locked.status) {
        const from = locked.status;
        locked.status = dto.status;
        tx.create(TicketStatusChange, {
          organization: actor.organizationId,
          ticket: locked,
          fromStatus: from,
          toStatus: dto.status,
          changedBy: actor.id,
        });
        await this.events.publish(tx, new TicketStatusChangedEvent(actor.organizationId, locked.id, from, dto.status, actor.id));
      }
      if (dto.priority !== undefined) locked.priority = dto.priority;
      if (dto.issue_description !== undefined) locked.issueDescription = dto.issue_description;
      if (dto.purchase_verified !== undefined) locked.purchaseVerified = dto.purchase_verified;
      await tx.populate(locked, ['customer']);
      return locked;
    });
  }

  /**
   * Other tickets of the organization with the ticket's order or serial number (compared trimmed
   * and case-insensitively, through the lower() indexes), oldest first, at most 20.
   */
  async possibleDuplicates(actor: Actor, ticket: Ticket): Promise<PossibleDuplicateDto[]> {
    const order = ticket.orderNumber?.trim().toLowerCase() || null;
    const serial = ticket.serialNumber?.trim().toLowerCase() || null;
    if (!order && !serial) return [];
    const rows = await this.em.execute<Record<string, unknown>[]>(
      `select id, ticket_number, status, created_at,
              (${DUPLICATE_KEYS.order} = ?) as same_order, (${DUPLICATE_KEYS.serial} = ?) as same_serial
         from tickets
        where organization_id = ? and id <> ? and (${DUPLICATE_KEYS.order} = ? or ${DUPLICATE_KEYS.serial} = ?)
        order by created_at, id
        limit ${DUPLICATES_LIMIT}`,
      [order, serial, actor.organizationId, ticket.id, order, serial],
    );
    return rows.map((r) => ({
      id: r.id as string,
      ticket_number: r.ticket_number as string,
      status: r.status as string,
      matched_on: [...(r.same_order ? (['order_number'] as const) : []), ...(r.same_serial ? (['serial_number'] as const) : [])],
      created_at: new Date(r.created_at as string).toISOString(),
    }));
  }

  /** Calls linked to the ticket, newest first. */
  async callLogs(actor: Actor, id: string): Promise<CallLog[]> {
    const ticket = await this.get(actor, id);
    return this.em.find(CallLog, { ticket: ticket.id, organization: actor.organizationId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }
}
