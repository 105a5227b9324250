import { SerialHistoryEntryDto } from '../serial-history.js';
import { ApiProperty, PickType } from '@nestjs/swagger';
import type { CallLog } from '../../call-logs/call-log.entity.js';
import { hasRecording } from '../../call-logs/recording-source.js';
import type { Customer } from '../../customers/customer.entity.js';
import { CONFIRMATION_STATUSES, type ConfirmationStatus, TICKET_SOURCES, type Ticket, type TicketSource } from '../ticket.entity.js';
import { displayName } from '../assignee-name.js';
import { SLA_STATES, type SlaState, slaState, warrantyStatus } from '@warranty-crm/contract';

export class TicketCustomerDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
  @ApiProperty({ nullable: true, type: String }) phone!: string | null;
  @ApiProperty({ nullable: true, type: String }) street!: string | null;
  @ApiProperty({ nullable: true, type: String }) city!: string | null;
  @ApiProperty({ nullable: true, type: String }) state!: string | null;
  @ApiProperty({ nullable: true, type: String }) zip_code!: string | null;
  @ApiProperty({ example: 'US' }) country!: string;
  @ApiProperty({ description: 'The customer texted STOP to a brand number (START clears it): send no SMS' }) sms_opted_out!: boolean;
}

/** Who works the ticket. */
export class TicketAssigneeDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Maria Lopez', description: 'First and last name, else the username' }) name!: string;
}

/** A ticket as the API returns it (spec part 1 section 3, snake_case), with its customer. */
export class TicketResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'WC-000042' }) ticket_number!: string;
  @ApiProperty({ example: 'Open' }) status!: string;
  @ApiProperty({ example: 'Medium' }) priority!: string;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
  @ApiProperty({ nullable: true, type: String }) product_brand!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The jack model' }) product_model!: string | null;
  @ApiProperty({ nullable: true, type: String }) product_sku!: string | null;
  @ApiProperty({ nullable: true, type: String }) serial_number!: string | null;
  @ApiProperty({ nullable: true, type: String }) order_number!: string | null;
  @ApiProperty({ nullable: true, type: String }) purchase_location!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date' }) purchase_date!: string | null;
  @ApiProperty({ nullable: true, type: String }) issue_category!: string | null;
  @ApiProperty() issue_description!: string;
  @ApiProperty({ nullable: true, type: String }) issue_start_time!: string | null;
  @ApiProperty() troubleshooting_attempted!: boolean;
  @ApiProperty({ nullable: true, type: String }) troubleshooting_steps!: string | null;
  @ApiProperty({ nullable: true, type: String }) preferred_resolution!: string | null;
  @ApiProperty({ nullable: true, type: String }) contact_method!: string | null;
  @ApiProperty() injury_reported!: boolean;
  @ApiProperty() property_damage!: boolean;
  @ApiProperty() purchase_verified!: boolean;
  @ApiProperty({
    nullable: true,
    type: Boolean,
    description:
      "Purchased within the warranty term before the ticket was created: the term of the product whose SKU / Model Number or name matches the ticket's SKU or model (same brand), else 90 days; null without a purchase date",
  })
  under_warranty!: boolean | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Days from today until the warranty window ends (>= 0); null without a purchase date or for a lifetime term',
  })
  warranty_days_left!: number | null;
  @ApiProperty({ format: 'uuid' }) customer_id!: string;
  @ApiProperty({ type: TicketCustomerDto }) customer!: TicketCustomerDto;
  @ApiProperty({ enum: TICKET_SOURCES, enumName: 'TicketSource', nullable: true, description: 'How it arrived; null for tickets made before this was kept' })
  source!: TicketSource | null;
  @ApiProperty({
    enum: CONFIRMATION_STATUSES,
    enumName: 'ConfirmationStatus',
    nullable: true,
    description:
      "The customer's confirmation e-mail: pending (queued or being retried), sent, not_sent_no_smtp (no SMTP configured in Settings), " +
      'failed (after the last attempt); null when the ticket has no customer e-mail',
  })
  confirmation_status!: ConfirmationStatus | null;
  @ApiProperty({ nullable: true, type: String, description: 'Where the confirmation goes' }) confirmation_email!: string | null;
  @ApiProperty({ nullable: true, type: Date }) confirmation_sent_at!: Date | null;
  @ApiProperty({ nullable: true, type: String, description: "The SMTP server's answer to the latest failed attempt" })
  confirmation_error!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date-time',
    description: 'When a response is promised by: creation + 24 h for a warranty issue, 48 h for technical support (the organization\'s settings at creation)',
  })
  respond_by!: Date | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: "An agent's first status change, note or returned linked call" })
  responded_at!: Date | null;
  @ApiProperty({
    nullable: true,
    enum: SLA_STATES,
    description: 'met / missed (answered by respond_by or after), overdue (unanswered, respond_by passed), due_soon (within 4 h of it), on_track; at the time of the request',
  })
  sla!: SlaState | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'The ticket this one was merged into as a duplicate claim (it is then Closed); null when not merged' })
  merged_into_id!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'The user of the organization working the ticket; null when unassigned' })
  assignee_id!: string | null;
  @ApiProperty({ nullable: true, type: TicketAssigneeDto }) assignee!: TicketAssigneeDto | null;
}

/** What a list row keeps of the whole ticket, its customer apart (the detail has the rest). */
const TICKET_LIST_ROW_FIELDS = [
  'id',
  'ticket_number',
  'status',
  'priority',
  'created_at',
  'product_brand',
  'product_model',
  'issue_description',
  'under_warranty',
  'warranty_days_left',
  'assignee_id',
  'assignee',
] as const;

/** A list row's customer: who the list names. */
export class TicketListCustomerDto extends PickType(TicketCustomerDto, ['id', 'name', 'phone'] as const) {}

/**
 * A ticket as the ticket list shows it (`GET /api/tickets?view=row`, issue 32): its number, customer
 * (name and phone), brand, model, issue, status, priority, warranty, assignee and creation. The same
 * values as the whole ticket (`toTicketListRow` picks them from it); a third of its bytes.
 */
export class TicketListRowDto extends PickType(TicketResponseDto, TICKET_LIST_ROW_FIELDS) {
  @ApiProperty({ type: TicketListCustomerDto }) customer!: TicketListCustomerDto;
}

/** The views of GET /api/tickets: `row` answers TicketListRowDto items instead of whole tickets. */
export const TICKET_LIST_VIEWS = ['row'] as const;

export function toTicketListRow(t: TicketResponseDto): TicketListRowDto {
  const row = Object.fromEntries(TICKET_LIST_ROW_FIELDS.map((field) => [field, t[field]])) as Omit<TicketListRowDto, 'customer'>;
  return { ...row, customer: { id: t.customer.id, name: t.customer.name, phone: t.customer.phone } };
}

/** Another ticket of the organization with the same order or serial number (a possible duplicate claim). */
export class PossibleDuplicateDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'WC-000041' }) ticket_number!: string;
  @ApiProperty() status!: string;
  @ApiProperty({ enum: ['order_number', 'serial_number'], isArray: true, description: 'Which numbers are the same' })
  matched_on!: ('order_number' | 'serial_number')[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

/** A ticket named by another: its id and number. */
export class TicketRefDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'WC-000041' }) ticket_number!: string;
}

/** GET /api/tickets/{id}: the ticket plus the other tickets with its order or serial number. */
export class TicketDetailResponseDto extends TicketResponseDto {
  @ApiProperty({ type: [PossibleDuplicateDto], description: 'Oldest first; empty when none' })
  possible_duplicates!: PossibleDuplicateDto[];
  @ApiProperty({ type: TicketRefDto, nullable: true, description: 'The ticket this one was merged into ("Merged into #…"); null when not merged' })
  merged_into!: TicketRefDto | null;
  @ApiProperty({ type: [SerialHistoryEntryDto], description: "Earlier claims of the organization on the ticket's serial number with their outcome, newest first; empty when none" })
  serial_history!: SerialHistoryEntryDto[];
}

/**
 * POST /api/tickets answers the ticket plus the spec's camelCase `ticketNumber` and, in the same
 * camelCase payload convention, `possibleDuplicates` (the ticket is created all the same).
 */
export class CreatedTicketResponseDto extends TicketResponseDto {
  @ApiProperty({ example: 'WC-000042' }) ticketNumber!: string;
  @ApiProperty({ type: [PossibleDuplicateDto], description: 'Earlier tickets of the organization with the same order or serial number, oldest first' })
  possibleDuplicates!: PossibleDuplicateDto[];
}

export class TicketCallLogDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() created_at!: Date;
  @ApiProperty({ nullable: true, type: Number, description: 'Seconds (the recording duration)' }) call_duration!: number | null;
  @ApiProperty({ nullable: true, type: String, example: '/api/call-logs/9b1c…/recording', description: 'Our audio proxy (never the provider URL), or null' }) recording_url!: string | null;
  @ApiProperty({ nullable: true, type: String }) transcription!: string | null;
  @ApiProperty({ nullable: true, type: String }) from_phone!: string | null;
  @ApiProperty({ nullable: true, type: String }) caller_name!: string | null;
  @ApiProperty({ example: 'voicemail' }) call_type!: string;
}

export function toCustomerResponse(c: Customer): TicketCustomerDto {
  return {
    id: c.id,
    name: c.name,
    email: c.email ?? null,
    phone: c.phone ?? null,
    street: c.street ?? null,
    city: c.city ?? null,
    state: c.state ?? null,
    zip_code: c.zipCode ?? null,
    country: c.country,
    sms_opted_out: !!c.smsOptedOutAt,
  };
}

/**
 * The ticket must have its customer loaded. `termDays`: the warranty term of the ticket's product
 * (null for lifetime); undefined applies the rule's default.
 */
export function toTicketResponse(t: Ticket, now: Date = new Date(), termDays?: number | null): TicketResponseDto {
  return {
    id: t.id,
    ticket_number: t.ticketNumber,
    status: t.status,
    priority: t.priority,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
    product_brand: t.productBrand ?? null,
    product_model: t.productModel ?? null,
    product_sku: t.productSku ?? null,
    serial_number: t.serialNumber ?? null,
    order_number: t.orderNumber ?? null,
    purchase_location: t.purchaseLocation ?? null,
    purchase_date: t.purchaseDate ?? null,
    issue_category: t.issueCategory ?? null,
    issue_description: t.issueDescription,
    issue_start_time: t.issueStartTime ?? null,
    troubleshooting_attempted: t.troubleshootingAttempted,
    troubleshooting_steps: t.troubleshootingSteps ?? null,
    preferred_resolution: t.preferredResolution ?? null,
    contact_method: t.contactMethod ?? null,
    injury_reported: t.injuryReported,
    property_damage: t.propertyDamage,
    purchase_verified: t.purchaseVerified,
    ...warrantyStatus(t.purchaseDate, t.createdAt, now, termDays),
    customer_id: t.customer.id,
    customer: toCustomerResponse(t.customer),
    source: t.source ?? null,
    confirmation_status: t.confirmationStatus ?? null,
    confirmation_email: t.confirmationEmail ?? null,
    confirmation_sent_at: t.confirmationSentAt ?? null,
    confirmation_error: t.confirmationError ?? null,
    respond_by: t.respondBy ?? null,
    responded_at: t.respondedAt ?? null,
    sla: slaState(t.respondBy, t.respondedAt, now),
    merged_into_id: t.mergedInto?.id ?? null,
    assignee_id: t.assignee?.id ?? null,
    assignee: t.assignee ? { id: t.assignee.id, name: displayName(t.assignee) ?? '' } : null,
  };
}

export function toTicketCallLog(c: CallLog): TicketCallLogDto {
  return {
    id: c.id,
    created_at: c.createdAt,
    call_duration: c.recordingDuration ?? null,
    // Our audio proxy, as on the Phone System: a provider's URL needs its credentials (Twilio) or goes stale (Retell).
    recording_url: hasRecording(c) ? `/api/call-logs/${c.id}/recording` : null,
    transcription: c.transcription ?? null,
    from_phone: c.fromPhone ?? null,
    caller_name: c.callerName ?? null,
    call_type: c.callType,
  };
}
