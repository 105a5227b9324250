import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateBy, ValidateIf, ValidateNested, type ValidationOptions } from 'class-validator';
import { calendarDate, isIsoDate, isPurchaseDateInWindow, TICKET_MESSAGES } from '@warranty-crm/contract';
import { OptionalField } from '../../../common/http/optional.js';
import { RetellCallDto } from './retell-call.dto.js';

/** Blank text is absent. */
const blankToUndefined = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' || v === null ? undefined : v;
};
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

const IsIsoDate = (options: ValidationOptions) => ValidateBy({ name: 'isIsoDate', validator: { validate: isIsoDate } }, options);
const IsPurchaseDateInWindow = (options: ValidationOptions) =>
  ValidateBy({ name: 'isPurchaseDateInWindow', validator: { validate: (value) => isPurchaseDateInWindow(String(value), calendarDate(new Date(), 'UTC'), 1) } }, options);

export const AGENT_TICKET_MESSAGES = {
  customerName: "Please provide the caller's name",
  product: 'Please provide the product SKU or model',
  issueDescription: 'Please describe the issue',
  customerEmail: 'Please provide a valid email address',
  callId: 'call.call_id is required',
} as const;

/** What the agent collected on the call: the arguments of its create_warranty_ticket function. */
export class WarrantyTicketArgsDto {
  @ApiProperty({ example: 'Maria Gonzalez' })
  @Transform(trim)
  @MaxLength(255, { message: 'customer_name must be at most 255 characters' })
  @IsNotEmpty({ message: AGENT_TICKET_MESSAGES.customerName })
  @IsString({ message: AGENT_TICKET_MESSAGES.customerName })
  customer_name!: string;

  @ApiPropertyOptional({ nullable: true, example: 'maria@example.com' })
  @Transform(blankToUndefined)
  @IsOptional()
  @MaxLength(255, { message: AGENT_TICKET_MESSAGES.customerEmail })
  @IsEmail({}, { message: AGENT_TICKET_MESSAGES.customerEmail })
  customer_email?: string;

  @ApiPropertyOptional({ nullable: true, description: "Defaults to the caller's number" })
  @Transform(blankToUndefined)
  @IsOptional()
  @MaxLength(50, { message: 'customer_phone must be at most 50 characters' })
  @IsString({ message: 'customer_phone must be text' })
  customer_phone?: string;

  @ApiPropertyOptional({ nullable: true, example: 'FJ-250', description: 'SKU or model: at least one of the two (the SKU when the product model question is not asked)' })
  @Transform(blankToUndefined)
  @ValidateIf((o: WarrantyTicketArgsDto) => o.product_sku !== undefined || !o.product_model)
  @MaxLength(255, { message: 'product_sku must be at most 255 characters' })
  @IsNotEmpty({ message: AGENT_TICKET_MESSAGES.product })
  @IsString({ message: AGENT_TICKET_MESSAGES.product })
  product_sku?: string;

  @ApiPropertyOptional({ nullable: true, example: '3-Ton Floor Jack' })
  @Transform(blankToUndefined)
  @IsOptional()
  @MaxLength(255, { message: 'product_model must be at most 255 characters' })
  @IsString({ message: AGENT_TICKET_MESSAGES.product })
  product_model?: string;

  @ApiPropertyOptional({ nullable: true, example: '2026-01-15', format: 'date' })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsPurchaseDateInWindow({ message: TICKET_MESSAGES.purchaseDateWindow })
  @IsIsoDate({ message: 'Purchase date must be a date in the form YYYY-MM-DD' })
  purchase_date?: string;

  @ApiPropertyOptional({ nullable: true, example: 'Walmart' })
  @Transform(blankToUndefined)
  @IsOptional()
  @MaxLength(255, { message: 'purchase_location must be at most 255 characters' })
  @IsString({ message: 'purchase_location must be text' })
  purchase_location?: string;

  @ApiPropertyOptional({ nullable: true })
  @Transform(blankToUndefined)
  @IsOptional()
  @MaxLength(255, { message: 'order_number must be at most 255 characters' })
  @IsString({ message: 'order_number must be text' })
  order_number?: string;

  @ApiPropertyOptional({ nullable: true })
  @Transform(blankToUndefined)
  @IsOptional()
  @MaxLength(255, { message: 'serial_number must be at most 255 characters' })
  @IsString({ message: 'serial_number must be text' })
  serial_number?: string;

  @ApiPropertyOptional({ nullable: true, example: 'The jack will not hold a load and sinks slowly.', description: 'Required while the organization asks the issue description question' })
  @Transform(blankToUndefined)
  @IsOptional()
  @MaxLength(20000, { message: 'issue_description must be at most 20000 characters' })
  @IsString({ message: AGENT_TICKET_MESSAGES.issueDescription })
  issue_description?: string;

  @ApiPropertyOptional({ nullable: true, default: false })
  @IsOptional()
  @IsBoolean({ message: 'injury_reported must be true or false' })
  injury_reported?: boolean;

  @ApiPropertyOptional({ nullable: true, default: false })
  @IsOptional()
  @IsBoolean({ message: 'property_damage must be true or false' })
  property_damage?: boolean;

  @ApiPropertyOptional({ description: 'Only when the function sends its arguments alone (no call object)' })
  @OptionalField()
  @IsString({ message: AGENT_TICKET_MESSAGES.callId })
  call_id?: string;
}

/** Retell's custom-function request: the call and the function's arguments. */
export class WarrantyTicketFunctionDto {
  @ApiPropertyOptional({ example: 'create_warranty_ticket' }) @OptionalField() @IsString({ message: 'name must be text' }) name?: string;

  @ApiPropertyOptional({ type: RetellCallDto })
  @OptionalField()
  @ValidateNested()
  @Type(() => RetellCallDto)
  @IsObject({ message: 'call must be an object' })
  call?: RetellCallDto;

  @ApiProperty({ type: WarrantyTicketArgsDto })
  @ValidateNested()
  @Type(() => WarrantyTicketArgsDto)
  @IsObject({ message: 'args must be an object' })
  args!: WarrantyTicketArgsDto;
}

/** What the agent hears back: a sentence it can say, and the facts behind it. */
export class WarrantyTicketResultDto {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ format: 'uuid' }) ticket_id!: string;
  @ApiProperty({ example: 'WC-000042' }) ticket_number!: string;
  @ApiProperty({ nullable: true, type: Boolean }) under_warranty!: boolean | null;
  @ApiProperty({ nullable: true, type: Number }) warranty_days_left!: number | null;
  @ApiProperty({ example: 'Your warranty ticket number is WC-000042. Your product is under warranty, with 45 days left.' })
  message!: string;
}
