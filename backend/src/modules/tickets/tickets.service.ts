import { randomUUID } from 'node:crypto';
import type { EntityDictionary } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { describeDescriptionChange, isNoteTooLong, isQuestionAsked, respondByOf, responseKind, type TicketQuestion, unaskedPayloadFields } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { DomainEvents } from '../../common/events/domain-event.js';
import { queueWake } from '../../common/jobs/jobs.js';
import { LiveHub } from '../../common/live/live-hub.js';
import { CallLog } from '../call-logs/call-log.entity.js';
import { type CustomerContact, CustomersService, normalizeEmail, ticketContactRow } from '../customers/customers.service.js';
import { storedPhone } from '../customers/phone.js';
import { Customer } from '../customers/customer.entity.js';
import type { TermProduct } from '../settings/products/product-warranty-terms.js';
import { SettingsService, type TicketIntake } from '../settings/settings.service.js';
import { validatePayload } from '../../common/http/validate-payload.js';
import { TicketAssignment } from './assignment/ticket-assignment.service.js';
import { CreateTicketDto, type CreateTicketFromCallDto, TicketIntakeDto } from './dto/create-ticket.dto.js';
import type { PossibleDuplicateDto } from './dto/ticket-response.dto.js';
import type { UpdateTicketDto } from './dto/update-ticket.dto.js';
import { TicketCreatedEvent } from './events/ticket-created.event.js';
import { ticketListChanged } from './ticket-list-cache.js';
import { TicketStatusChangedEvent } from './events/ticket-status-changed.event.js';
import { rowMapper } from '../../database/row-mapper.js';
import type { NewTicketResult, SameKeyTicketRow, TicketDetailRow } from './ticket.repository.js';
import { TicketActivity } from './ticket-activity.entity.js';
import { TicketStatusChange } from './ticket-status-change.entity.js';
import { CallAlreadyHasTicketError, CallLogNotFoundError, NothingToUpdateError, NoteTooLongError, TicketNotFoundError } from './tickets.errors.js';
import { Ticket, type TicketSource } from './ticket.entity.js';

const DUPLICATES_LIMIT = 20;

/** A ticket as its screen reads it (TicketsService.detail): read-only, for answering. */
export interface TicketDetail {
  ticket: Ticket;
  /** The products the ticket may match, for its warranty term (TicketResponses.withProducts). */
  products: TermProduct[];
  possibleDuplicates: PossibleDuplicateDto[];
  /** The ticket it was merged into as a duplicate claim, or null. */
  mergedInto: { id: string; ticket_number: string } | null;
}

/** A ticket just made (TicketsService.createIn), with what its create answers. */
export interface CreatedTicket {
  ticket: Ticket;
  /** The products the ticket may match, for its warranty term (TicketResponses.withProducts). */
  products: TermProduct[];
  possibleDuplicates: PossibleDuplicateDto[];
}

/** The tickets sharing an order or serial key, as the API shows them. */
function possibleDuplicatesOf(rows: SameKeyTicketRow[]): PossibleDuplicateDto[] {
  return rows.map((r) => ({
    id: r.id,
    ticket_number: r.ticket_number,
    status: r.status,
    matched_on: [...(r.same_order ? (['order_number'] as const) : []), ...(r.same_serial ? (['serial_number'] as const) : [])],
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/** What a new ticket is made of, whoever files it. */
export interface NewTicket {
  customer: CustomerContact;
  /** Empty: the organization's default ticket brand. */
  productBrand?: string | null;
  productModel?: string | null;
  productSku?: string | null;
  serialNumber?: string | null;
  orderNumber?: string | null;
  purchaseLocation?: string | null;
  purchaseDate?: string | null;
  issueCategory?: string | null;
  issueDescription: string;
  issueStartTime?: string | null;
  troubleshootingAttempted: boolean;
  troubleshootingSteps?: string | null;
  preferredResolution?: string | null;
  contactMethod: string;
  priority: string;
  injuryReported: boolean;
  propertyDamage: boolean;
  /** A call log of the organization to link (a ticket made from a call); its caller's number becomes the customer's phone. */
  callLogId?: string | null;
  /** How it arrived (the activity trail names it). */
  source: TicketSource;
}

/**
 * The customer's number on a call: the caller of a voicemail or of the AI agent's call, the number
 * dialled by an agent's outbound call (click-to-call: a call without a Retell call id).
 */
function customerPhoneOf(call: CallLog): string | null {
  const outbound = call.callType === 'call' && !call.retellCallId;
  return (outbound ? call.toPhone : call.fromPhone) ?? null;
}

/** The ticket's field of each question. */
const QUESTION_TICKET_FIELD = {
  product_model: 'productModel',
  purchase_location: 'purchaseLocation',
  purchase_date: 'purchaseDate',
  issue_description: 'issueDescription',
  injury_reported: 'injuryReported',
  property_damage: 'propertyDamage',
} as const satisfies Record<TicketQuestion, keyof NewTicket>;

/** The intake payload as the fields of a new ticket (an unasked question is null or false). */
function intakeFields(dto: TicketIntakeDto): Omit<NewTicket, 'callLogId' | 'source'> {
  const attempted = dto.troubleshootingAttempted === 'Yes';
  return {
    customer: { name: dto.customerName, email: dto.customerEmail, phone: dto.customerPhone ?? null },
    productBrand: dto.productBrand ?? null,
    productModel: dto.jackModel ?? null,
    productSku: dto.productSku,
    serialNumber: dto.serialNumber ?? null,
    orderNumber: dto.orderNumber,
    purchaseLocation: dto.purchaseLocation ?? null,
    purchaseDate: dto.purchaseDate ?? null,
    issueCategory: dto.issueCategory,
    issueDescription: dto.issueDescription ?? '',
    issueStartTime: dto.issueStartTime,
    troubleshootingAttempted: attempted,
    troubleshootingSteps: attempted ? dto.troubleshootingSteps : null,
    preferredResolution: dto.preferredResolution,
    contactMethod: dto.contactMethod ?? 'Email',
    priority: dto.priority ?? 'Medium',
    injuryReported: dto.injuryReported ?? false,
    propertyDamage: dto.propertyDamage ?? false,
  };
}

/** Creating, reading and editing one ticket. */
@Injectable()
export class TicketsService {
  constructor(
    private readonly em: EntityManager,
    private readonly customers: CustomersService,
    private readonly settings: SettingsService,
    private readonly events: DomainEvents,
    private readonly assignment: TicketAssignment,
    private readonly hub: LiveHub,
  ) {}

  /**
   * POST /api/tickets: the body is validated here, with the questions the organization does not ask
   * left out (not required, and an answer sent for one is dropped).
   */
  async create(actor: Actor, body: unknown): Promise<CreatedTicket> {
    // The intake settings once, for the validation and the create.
    const { dto, intake } = await this.validateIntake(actor, CreateTicketDto, body);
    const input: NewTicket = { ...intakeFields(dto), callLogId: dto.call_log_id ?? null, source: dto.call_log_id ? 'phone_call' : 'form' };
    if (input.callLogId) return this.em.transactional((tx) => this.createIn(tx, actor.organizationId, actor.id, input, intake));
    // Without a call to link, a create is its one statement, atomic by itself: no begin or commit. Nothing
    // works on the ticket after it, so its rows are answered as the ticket screen's read answers them
    // (plainTicket), without the ORM's hydration and identity map.
    const written = await this.insertTicket(this.em, actor.organizationId, actor.id, input, null, intake, true);
    // The statement committed without a NOTIFY (NOTIFY would have queued it behind every other
    // create's commit): the new ticket's jobs and its organization's list pages are announced now,
    // with the other creates' of this moment, before the answer, so a list the creator opens next
    // on any instance has it.
    await this.hub.announce(this.em, [ticketListChanged(actor.organizationId), ...(written.quietJobs ? [queueWake(written.quietJobs)] : [])]);
    return { ticket: this.plainTicket(written.ticket, written.customer, null), products: written.products, possibleDuplicates: possibleDuplicatesOf(written.duplicates) };
  }

  /**
   * The Phone System's short form: brand (the call's unless another is picked), product model,
   * issue description and priority; the caller is the customer (the call's customer's name, else the
   * caller's name, else the number) and the call is linked. The rest of the intake is completed in
   * the ticket's Edit view.
   */
  async createFromCall(actor: Actor, dto: CreateTicketFromCallDto): Promise<CreatedTicket> {
    // The intake settings once (from memory when this instance read them lately), for the question and the create.
    const intake = await this.settings.ticketIntake(actor.organizationId);
    const asksModel = isQuestionAsked(intake.questions, 'product_model');
    return this.em.transactional(async (tx) => {
      const call = await this.callForTicket(tx, actor.organizationId, dto.call_log_id);
      await tx.populate(call, ['customer']);
      const phone = customerPhoneOf(call);
      return this.createIn(tx, actor.organizationId, actor.id, {
        customer: { name: call.customer?.name ?? call.callerName ?? phone ?? 'Unknown caller', email: call.customer?.email ?? null, phone },
        productBrand: dto.productBrand ?? call.brand ?? null,
        productModel: asksModel ? (dto.productModel ?? null) : null,
        productSku: dto.productSku ?? null,
        issueDescription: dto.issueDescription,
        troubleshootingAttempted: false,
        contactMethod: 'Phone',
        priority: dto.priority ?? 'Medium',
        injuryReported: false,
        propertyDamage: false,
        callLogId: call.id,
        source: 'phone_call',
      }, intake);
    });
  }

  /**
   * PUT /api/tickets/{id}/intake, the Edit view: the create payload with the create's rules (and the
   * same questions left out) replaces the ticket's customer, order, product, issue, priority and brand.
   * The customer is matched as a create matches it (phone, then e-mail).
   */
  async updateIntake(actor: Actor, id: string, body: unknown): Promise<Ticket> {
    const { dto, intake } = await this.validateIntake(actor, TicketIntakeDto, body);
    const { questions } = intake;
    return this.em.transactional(async (tx) => {
      const ticket = await this.get(actor, id, tx, true);
      await tx.populate(ticket, ['customer']);
      const { customer: contact, ...given } = intakeFields(dto);
      const fields: Partial<typeof given> = { ...given, priority: dto.priority ?? ticket.priority };
      fields.productBrand ||= intake.defaultBrand;
      // A question not asked keeps what the ticket has.
      for (const [question, field] of Object.entries(QUESTION_TICKET_FIELD)) if (!isQuestionAsked(questions, question as TicketQuestion)) delete fields[field];
      const phone = storedPhone(contact.phone ?? ticket.customer.phone, intake.phoneCountry);
      this.recordActivity(tx, actor, ticket, { priority: fields.priority as UpdateTicketDto['priority'], issue_description: fields.issueDescription });
      ticket.customer = await this.customers.resolveForTicket(tx, { ...contact, phone });
      tx.assign(ticket, fields);
      await tx.flush();
      await tx.populate(ticket, ['assignee']);
      return ticket;
    });
  }

  /** The intake payload validated, the questions the organization does not ask left out; and the intake settings. */
  private async validateIntake<T extends TicketIntakeDto>(actor: Actor, cls: new () => T, body: unknown): Promise<{ dto: T; intake: TicketIntake }> {
    const intake = await this.settings.ticketIntake(actor.organizationId);
    return { dto: await validatePayload(cls, body, unaskedPayloadFields(intake.questions)), intake };
  }

  /**
   * A ticket made on the caller's transaction `tx` (so the caller's own writes commit or roll back
   * with it), answered as the transaction's entities for the caller to link: a call's ticket, an
   * e-mail's or a text's, the voice agent's. Its statement (insertTicket) is the one way a ticket is
   * made, which the API's create without a call runs alone. `createdBy` is the user, or null when no
   * user made it (the voice agent). `intake`: the organization's intake settings when the caller
   * read them already (read here otherwise).
   */
  async createIn(tx: EntityManager, organizationId: string, createdBy: string | null, input: NewTicket, intake?: TicketIntake): Promise<CreatedTicket> {
    const call = input.callLogId ? await this.callForTicket(tx, organizationId, input.callLogId) : null;
    const written = await this.insertTicket(tx, organizationId, createdBy, input, call, intake);
    // The rows written, as the transaction's entities (not written again at commit).
    const customer = tx.map(Customer, written.customer as EntityDictionary<Customer>);
    const ticket = tx.map(Ticket, written.ticket as EntityDictionary<Ticket>);
    if (call) {
      call.ticket = ticket;
      call.customer ??= customer;
      await tx.flush();
    }
    return { ticket, products: written.products, possibleDuplicates: possibleDuplicatesOf(written.duplicates) };
  }

  /**
   * The one way a ticket is made, in one statement: numbering, customer matching, the default
   * brand, the first history row and `ticket.created` (a customer e-mail makes the confirmation
   * e-mail pending: its handler sends it). The customer's phone is the call's when one is linked.
   */
  private async insertTicket(
    tx: EntityManager,
    organizationId: string,
    createdBy: string | null,
    input: NewTicket,
    call: CallLog | null,
    intake?: TicketIntake,
    quiet = false,
  ): Promise<NewTicketResult & { quietJobs: number }> {
    // "(555) 123-4567" and "+15551234567" are one customer: locked and matched as E.164.
    intake ??= await this.settings.ticketIntake(organizationId, tx);
    const phone = storedPhone((call && customerPhoneOf(call)) ?? input.customer.phone, intake.phoneCountry);
    // Creates for the same customer (phone or e-mail) queue in the statement's CUSTOMER_FOR_TICKET, so
    // the second finds the customer the first made; creates for other customers go on.
    const contact = ticketContactRow({ ...input.customer, phone });
    const { customer: _contact, callLogId: _callLogId, ...fields } = input;
    const productBrand = input.productBrand || intake.defaultBrand;
    const createdAt = new Date();
    const id = randomUUID();
    const confirmationEmail = input.customer.email?.trim() ? normalizeEmail(input.customer.email) : null;
    const values: Partial<Record<keyof Ticket, unknown>> = {
      ...fields,
      id,
      productBrand,
      confirmationEmail,
      confirmationStatus: confirmationEmail ? 'pending' : null,
      createdAt,
      updatedAt: createdAt,
      respondBy: respondByOf(createdAt, intake.responseHours[responseKind(input.preferredResolution, input.issueCategory)]),
    };
    // The customer (found, updated or made), the ticket (its number from the organization's
    // sequence, in the insert: no lock held until commit, so its creates run in parallel), its first
    // history row and ticket.created's jobs in one statement, answering its products and possible duplicates.
    // `quiet` (the caller's statement is its own transaction): no NOTIFY in it; the caller announces the jobs and the list's change.
    const publication = this.events.publication(new TicketCreatedEvent(organizationId, id, productBrand ?? null, createdBy), quiet);
    const written = await tx.getRepository(Ticket).insertNew(
      { columns: this.columnsOf(tx, values), contact, changedBy: createdBy, publication, quiet },
      DUPLICATES_LIMIT,
    );
    return { ...written, quietJobs: publication?.quiet ? publication.jobs : 0 };
  }

  /** The entity's values as its columns (snake_case), a relation by its id. */
  private columnsOf(em: EntityManager, values: Partial<Record<keyof Ticket, unknown>>): Record<string, unknown> {
    const meta = em.getMetadata(Ticket);
    const columns: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const field = (meta.properties as Record<string, { fieldNames?: string[] } | undefined>)[name]?.fieldNames?.[0];
      if (!field) throw new Error(`Ticket has no column for ${name}`);
      columns[field] = value;
    }
    return columns;
  }

  /** A ticket made from a call: the organization's call log, locked, not yet linked to a ticket. */
  private async callForTicket(tx: EntityManager, organizationId: string, callLogId: string): Promise<CallLog> {
    const call = await tx.getRepository(CallLog).lockedOfOrganization(organizationId, callLogId);
    if (!call) throw new CallLogNotFoundError();
    if (call.ticket) throw new CallAlreadyHasTicketError();
    return call;
  }

  /** The organization's ticket with its customer; another organization's id is a 404. */
  async get(actor: Actor, id: string, em: EntityManager = this.em, lock = false): Promise<Ticket> {
    const ticket = await em.getRepository(Ticket).ofOrganization(actor.organizationId, id, lock);
    if (!ticket) throw new TicketNotFoundError();
    return ticket;
  }

  async update(actor: Actor, id: string, dto: UpdateTicketDto): Promise<Ticket> {
    if (
      dto.status === undefined &&
      dto.priority === undefined &&
      dto.issue_description === undefined &&
      dto.purchase_verified === undefined &&
      dto.assignee_id === undefined
    ) {
      throw new NothingToUpdateError();
    }
    return this.em.transactional(async (tx) => {
      // Locked so two concurrent status changes record their true "from" in the history.
      const locked = await this.get(actor, id, tx, true);
      this.checkNotes(locked, dto);
      if (dto.assignee_id !== undefined) {
        const to = dto.assignee_id === null ? null : await this.assignment.assignee(tx, actor.organizationId, dto.assignee_id);
        await this.assignment.assign(tx, actor.organizationId, [locked], to, actor.id);
      }
      const statusChanged = dto.status !== undefined && dto.status !== locked.status;
      if (statusChanged) {
        const from = locked.status;
        locked.status = dto.status!;
        tx.create(TicketStatusChange, {
          organization: actor.organizationId,
          ticket: locked,
          fromStatus: from,
          toStatus: dto.status!,
          changedBy: actor.id,
        });
        await this.events.publish(tx, new TicketStatusChangedEvent(actor.organizationId, locked.id, from, dto.status!, actor.id));
      }
      this.recordActivity(tx, actor, locked, dto);
      if (dto.priority !== undefined) locked.priority = dto.priority;
      // A note is appended to the description (the contract's note shape); another edit is no response.
      const noted = dto.issue_description !== undefined && describeDescriptionChange(locked.issueDescription, dto.issue_description)?.kind === 'note';
      if (dto.issue_description !== undefined) locked.issueDescription = dto.issue_description;
      // The first status change or note answers the ticket's response promise (once).
      if (!locked.respondedAt && (statusChanged || noted)) {
        locked.respondedAt = new Date();
      }
      if (dto.purchase_verified !== undefined) locked.purchaseVerified = dto.purchase_verified;
      await tx.populate(locked, ['customer', 'assignee']);
      return locked;
    });
  }

  /** Each note the new description appends is at most the contract's NOTE_MAX_LENGTH characters. */
  private checkNotes(ticket: Ticket, dto: UpdateTicketDto): void {
    if (dto.issue_description === undefined) return;
    const change = describeDescriptionChange(ticket.issueDescription, dto.issue_description);
    const long = change?.kind === 'note' ? change.notes.find(isNoteTooLong) : undefined;
    if (long !== undefined) throw new NoteTooLongError();
  }

  /**
   * The activity trail's rows for what no other table keeps: each note added (the admin appends
   * notes to the description), another edit of the description, a priority change, purchase
   * verification switched on or off. Status changes have their history rows.
   */
  private recordActivity(tx: EntityManager, actor: Actor, ticket: Ticket, dto: UpdateTicketDto): void {
    const record = (kind: TicketActivity['kind'], detail: TicketActivity['detail'] = {}) =>
      tx.create(TicketActivity, { organization: actor.organizationId, ticket, kind, actor: actor.id, detail });
    if (dto.issue_description !== undefined) {
      const change = describeDescriptionChange(ticket.issueDescription, dto.issue_description);
      if (change?.kind === 'note') for (const text of change.notes) record('note', { text });
      if (change?.kind === 'edit') record('description_edited');
    }
    if (dto.priority !== undefined && dto.priority !== ticket.priority) record('priority_changed', { from: ticket.priority, to: dto.priority });
    if (dto.purchase_verified !== undefined && dto.purchase_verified !== ticket.purchaseVerified) {
      record('purchase_verification', { verified: dto.purchase_verified });
    }
  }

  /**
   * The ticket screen's read (and a create's answer): the organization's ticket with its customer,
   * the products it may match (for its warranty term) and its possible duplicates (tickets sharing
   * its order or serial number, oldest first), in one statement instead of one round trip each.
   */
  async detail(actor: Actor, id: string): Promise<TicketDetail> {
    const row = await this.em.getRepository(Ticket).detail(id, DUPLICATES_LIMIT);
    if (!row) throw new TicketNotFoundError();
    const { detail_customer: customer, detail_products: products, detail_duplicates: duplicates, detail_merged_into: mergedInto, detail_assignee: assignee, ...columns } = row;
    return {
      ticket: this.plainTicket(columns, customer, assignee),
      products,
      mergedInto,
      possibleDuplicates: possibleDuplicatesOf(duplicates),
    };
  }

  /**
   * A ticket's row with its customer's (and its assignee's columns) as a plain, read-only object
   * shaped as the entity, for answering only (rowMapper): never persisted, never in an identity map.
   */
  private plainTicket(columns: Record<string, unknown>, customer: Record<string, unknown>, assignee: TicketDetailRow['detail_assignee']): Ticket {
    return {
      ...rowMapper(this.em, Ticket)(columns),
      customer: rowMapper(this.em, Customer)(customer),
      assignee: assignee && { id: assignee.id, firstName: assignee.first_name, lastName: assignee.last_name, username: assignee.username },
    } as unknown as Ticket;
  }

  /** Calls linked to the ticket, newest first. */
  async callLogs(actor: Actor, id: string): Promise<CallLog[]> {
    const ticket = await this.get(actor, id);
    return this.em.getRepository(CallLog).ofTicket(ticket.id);
  }
}
