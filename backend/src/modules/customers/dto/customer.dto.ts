import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, IsUUID, Matches, MaxLength, ValidateIf } from 'class-validator';
import { CUSTOMER_LIMITS as L, CUSTOMER_MESSAGES, tooLongMessage } from '@warranty-crm/contract';
import { ListQueryDto } from '../../../common/http/list-query.js';
import { OptionalField } from '../../../common/http/optional.js';
import type { Customer } from '../customer.entity.js';
import type { CustomerHistoryPage, CustomerSummary } from '../customer-history.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Optional text: blank is null (cleared). */
const blankToNull = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' ? null : v;
};
const given = (_: object, value: unknown) => value !== undefined && value !== null;

/** GET /api/customers: react-admin's list parameters; `q` (also inside `filter`) searches name, e-mail and phone. */
export class ListCustomersQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, e-mail or phone number (2 characters or more)', example: 'gonz' })
  @Transform(trim)
  @OptionalField()
  @MaxLength(100, { message: 'Search must be at most 100 characters' })
  @IsString({ message: 'Search must be text' })
  q?: string;
}

/** A customer in the list: contact details, how many tickets and the latest. */
export class CustomerListItemDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
  @ApiProperty({ nullable: true, type: String }) phone!: string | null;
  @ApiProperty({ nullable: true, type: String }) city!: string | null;
  @ApiProperty({ nullable: true, type: String }) state!: string | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty() tickets_count!: number;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) last_ticket_id!: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'WC-000042' }) last_ticket_number!: string | null;
  @ApiProperty({ nullable: true, type: Date }) last_ticket_at!: Date | null;
}

export class CustomerTicketDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'WC-000042' }) ticket_number!: string;
  @ApiProperty({ example: 'Open' }) status!: string;
  @ApiProperty({ example: 'Medium' }) priority!: string;
  @ApiProperty({ nullable: true, type: String }) product_brand!: string | null;
  @ApiProperty({ nullable: true, type: String }) product_model!: string | null;
  @ApiProperty({ nullable: true, type: String }) product_sku!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date' }) purchase_date!: string | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty({ nullable: true, type: Boolean, description: "The warranty rule's verdict (the product's term, else 90 days); null without a purchase date" })
  under_warranty!: boolean | null;
  @ApiProperty({ nullable: true, type: Number }) warranty_days_left!: number | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'Set when the ticket was merged into another (closed as a duplicate)' })
  merged_into_id!: string | null;
}

export class CustomerCallDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'voicemail' }) call_type!: string;
  @ApiProperty({ nullable: true, type: String }) from_phone!: string | null;
  @ApiProperty({ nullable: true, type: String }) to_phone!: string | null;
  @ApiProperty({ nullable: true, type: String }) caller_name!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Seconds' }) recording_duration!: number | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) ticket_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) ticket_number!: string | null;
  @ApiProperty() created_at!: Date;
}

export class CustomerMessageDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['email', 'sms', 'comment'] }) channel!: string;
  @ApiProperty({ enum: ['inbound', 'outbound', 'internal'] }) direction!: string;
  @ApiProperty({ example: 'sent' }) status!: string;
  @ApiProperty({ nullable: true, type: String }) subject!: string | null;
  @ApiProperty({ description: 'The first 200 characters of its text' }) excerpt!: string;
  @ApiProperty({ nullable: true, type: String }) author_name!: string | null;
  @ApiProperty({ format: 'uuid' }) ticket_id!: string;
  @ApiProperty() ticket_number!: string;
  @ApiProperty() created_at!: Date;
}

export class CustomerAttachmentDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() filename!: string;
  @ApiProperty() content_type!: string;
  @ApiProperty() size!: number;
  @ApiProperty({ enum: ['receipt', 'damage', 'serial_plate', 'other'] }) tag!: string;
  @ApiProperty({ format: 'uuid' }) ticket_id!: string;
  @ApiProperty() ticket_number!: string;
  @ApiProperty() content_url!: string;
  @ApiProperty() created_at!: Date;
}

/** GET /api/customers/{id}: contact details, address, every ticket with its warranty, the calls, messages, attachments, and counts. */
export class CustomerDetailDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
  @ApiProperty({ nullable: true, type: String }) phone!: string | null;
  @ApiProperty({ nullable: true, type: String }) street!: string | null;
  @ApiProperty({ nullable: true, type: String }) city!: string | null;
  @ApiProperty({ nullable: true, type: String }) state!: string | null;
  @ApiProperty({ nullable: true, type: String }) zip_code!: string | null;
  @ApiProperty({ example: 'US' }) country!: string;
  @ApiProperty() created_at!: Date;
  @ApiProperty() tickets_count!: number;
  @ApiProperty({ description: 'Tickets not Resolved or Closed' }) open_tickets_count!: number;
  @ApiProperty() calls_count!: number;
  @ApiProperty({ description: "Messages of the customer's tickets' conversations" }) messages_count!: number;
  @ApiProperty({ type: [CustomerTicketDto], description: 'Newest first' }) tickets!: CustomerTicketDto[];
  @ApiProperty({ type: [CustomerCallDto], description: 'Newest first' }) calls!: CustomerCallDto[];
  @ApiProperty() attachments_count!: number;
  @ApiProperty({ type: [CustomerMessageDto], description: "The conversations' messages, newest first" }) messages!: CustomerMessageDto[];
  @ApiProperty({ type: [CustomerAttachmentDto], description: "The tickets' files, newest first" }) attachments!: CustomerAttachmentDto[];
}

/** PUT /api/customers/{id}: the create form's rules for the same fields (spec part 1 section 5). */
export class UpdateCustomerDto {
  @ApiProperty({ example: 'Maria Gonzalez', maxLength: L.name })
  @Transform(trim)
  @MaxLength(L.name, { message: tooLongMessage('Full name', L.name) })
  @IsNotEmpty({ message: CUSTOMER_MESSAGES.name })
  @IsString({ message: CUSTOMER_MESSAGES.name })
  name!: string;

  @ApiPropertyOptional({
    example: 'maria@example.com',
    maxLength: L.email,
    nullable: true,
    type: String,
    description: 'A valid e-mail; blank or null only for a customer who has none on file (a caller known by phone)',
  })
  @Transform(blankToNull)
  @ValidateIf(given)
  @MaxLength(L.email, { message: CUSTOMER_MESSAGES.email })
  @IsEmail({}, { message: CUSTOMER_MESSAGES.email })
  @IsString({ message: CUSTOMER_MESSAGES.email })
  email?: string | null;

  @ApiPropertyOptional({ example: '+15125550101', maxLength: L.phone, nullable: true, type: String, description: "Kept as E.164 in the organization's country; blank or null: none" })
  @Transform(blankToNull)
  @ValidateIf(given)
  @MaxLength(L.phone, { message: tooLongMessage('Phone number', L.phone) })
  @IsString({ message: 'Phone number must be text' })
  phone?: string | null;

  @ApiPropertyOptional({ maxLength: L.street, nullable: true, type: String })
  @Transform(blankToNull)
  @ValidateIf(given)
  @MaxLength(L.street, { message: tooLongMessage('Street', L.street) })
  @IsString({ message: 'Street must be text' })
  street?: string | null;

  @ApiPropertyOptional({ maxLength: L.city, nullable: true, type: String })
  @Transform(blankToNull)
  @ValidateIf(given)
  @MaxLength(L.city, { message: tooLongMessage('City', L.city) })
  @IsString({ message: 'City must be text' })
  city?: string | null;

  @ApiPropertyOptional({ maxLength: L.state, nullable: true, type: String })
  @Transform(blankToNull)
  @ValidateIf(given)
  @MaxLength(L.state, { message: tooLongMessage('State', L.state) })
  @IsString({ message: 'State must be text' })
  state?: string | null;

  @ApiPropertyOptional({ maxLength: L.zip_code, nullable: true, type: String })
  @Transform(blankToNull)
  @ValidateIf(given)
  @MaxLength(L.zip_code, { message: tooLongMessage('ZIP code', L.zip_code) })
  @IsString({ message: 'ZIP code must be text' })
  zip_code?: string | null;

  @ApiPropertyOptional({ example: 'US', description: 'Two letters; omitted keeps the current one' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @OptionalField()
  @Matches(/^[A-Z]{2}$/, { message: CUSTOMER_MESSAGES.country })
  @IsString({ message: CUSTOMER_MESSAGES.country })
  country?: string;
}

export class MergeCustomersDto {
  @ApiProperty({ format: 'uuid', description: 'The customer merged into this one (then deleted)' })
  @IsUUID('all', { message: 'from_customer_id must be the id of a customer' })
  from_customer_id!: string;
}

/** What a merge moved; the kept customer as it is now. */
export class CustomerMergeResultDto {
  @ApiProperty({ type: CustomerDetailDto }) customer!: CustomerDetailDto;
  @ApiProperty({ format: 'uuid' }) merged_customer_id!: string;
  @ApiProperty() tickets_moved!: number;
  @ApiProperty() calls_moved!: number;
  @ApiProperty({ type: [String], description: 'Fields of the kept customer filled from the merged one', example: ['phone', 'street'] })
  fields_filled!: string[];
}

export function toCustomerListItem(c: Customer, s: CustomerSummary | undefined): CustomerListItemDto {
  return {
    id: c.id,
    name: c.name,
    email: c.email ?? null,
    phone: c.phone ?? null,
    city: c.city ?? null,
    state: c.state ?? null,
    created_at: c.createdAt,
    tickets_count: s?.ticketsCount ?? 0,
    last_ticket_id: s?.lastTicketId ?? null,
    last_ticket_number: s?.lastTicketNumber ?? null,
    last_ticket_at: s?.lastTicketAt ?? null,
  };
}

export function toCustomerDetail(
  c: Customer,
  history: CustomerHistoryPage,
): CustomerDetailDto {
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
    created_at: c.createdAt,
    tickets_count: history.counts.tickets,
    open_tickets_count: history.counts.openTickets,
    calls_count: history.counts.calls,
    messages_count: history.counts.messages,
    attachments_count: history.counts.attachments,
    tickets: history.tickets,
    calls: history.calls,
    messages: history.messages,
    attachments: history.attachments,
  };
}
