import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidateIf,
  type ValidationOptions,
} from 'class-validator';
import {
  CONTACT_METHODS,
  ISSUE_CATEGORIES,
  ISSUE_DESCRIPTION_MIN,
  ISSUE_START_TIMES,
  isIsoDate,
  calendarDate,
  isPurchaseDateInWindow,
  JACK_MODELS,
  oneOfMessage,
  PREFERRED_RESOLUTIONS,
  TICKET_MESSAGES,
  YES_NO,
} from '@warranty-crm/contract';
import { TICKET_PRIORITIES } from '../ticket.entity.js';
import { OptionalField } from '../../../common/http/optional.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Optional text: blank or null means not given (those fields are documented nullable). */
const blankToUndefined = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' || v === null ? undefined : v;
};
/** A date input gives YYYY-MM-DD; an ISO timestamp is cut to its date. */
const toDateOnly = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value.trim()) ? value.trim().slice(0, 10) : trim({ value });

/** The server counts days in UTC; a customer east of Greenwich may already live on the next date. */
const UTC_GRACE_DAYS = 1;

const IsIsoDate = (options: ValidationOptions) => ValidateBy({ name: 'isIsoDate', validator: { validate: isIsoDate } }, options);
const IsPurchaseDateInWindow = (options: ValidationOptions) =>
  ValidateBy({ name: 'isPurchaseDateInWindow', validator: { validate: (value) => isPurchaseDateInWindow(String(value), calendarDate(new Date(), 'UTC'), UTC_GRACE_DAYS) } }, options);

/**
 * The create payload of spec part 1 section 3, with the messages of section 5 verbatim; also what
 * the Edit view saves (PUT /api/tickets/{id}/intake). The questions the organization does not ask
 * (settings.ticket_fields_enabled) are neither required nor kept: the service validates the body
 * with them ignored.
 */
export class TicketIntakeDto {
  @ApiProperty({ example: 'Maria Gonzalez', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Full name must be at most 255 characters' })
  @IsNotEmpty({ message: TICKET_MESSAGES.customerName })
  @IsString({ message: TICKET_MESSAGES.customerName })
  customerName!: string;

  @ApiProperty({ example: 'maria@example.com', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: TICKET_MESSAGES.customerEmail })
  @IsEmail({}, { message: TICKET_MESSAGES.customerEmail })
  @IsString({ message: TICKET_MESSAGES.customerEmail })
  customerEmail!: string;

  @ApiPropertyOptional({ example: '+15125550101', maxLength: 50, nullable: true, type: String, description: 'null or blank: none' })
  @Transform(blankToUndefined)
  @OptionalField()
  @MaxLength(50, { message: 'Phone number must be at most 50 characters' })
  @IsString({ message: 'Phone number must be text' })
  customerPhone?: string;

  @ApiPropertyOptional({ enum: CONTACT_METHODS, default: 'Email', nullable: true, description: 'null or blank: the default' })
  @Transform(blankToUndefined)
  @OptionalField()
  @IsIn(CONTACT_METHODS, { message: oneOfMessage('Contact method', CONTACT_METHODS) })
  contactMethod?: (typeof CONTACT_METHODS)[number];

  @ApiProperty({ example: 'ORD-100200', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Order number must be at most 255 characters' })
  @IsNotEmpty({ message: TICKET_MESSAGES.orderNumber })
  @IsString({ message: TICKET_MESSAGES.orderNumber })
  orderNumber!: string;

  @ApiProperty({ example: '2026-01-15', format: 'date', description: 'Not in the future, not more than 5 years ago' })
  @Transform(toDateOnly)
  @IsPurchaseDateInWindow({ message: TICKET_MESSAGES.purchaseDateWindow })
  @IsIsoDate({ message: 'Purchase date must be a date in the form YYYY-MM-DD' })
  @IsNotEmpty({ message: TICKET_MESSAGES.purchaseDateRequired })
  @IsString({ message: TICKET_MESSAGES.purchaseDateRequired })
  purchaseDate!: string;

  @ApiProperty({ example: 'Walmart', description: 'Walmart, the host retailer, or Other', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Purchase location must be at most 255 characters' })
  @IsNotEmpty({ message: TICKET_MESSAGES.purchaseLocation })
  @IsString({ message: TICKET_MESSAGES.purchaseLocation })
  purchaseLocation!: string;

  @ApiProperty({ example: 'FJ-250', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Product SKU/Model must be at most 255 characters' })
  @IsNotEmpty({ message: TICKET_MESSAGES.productSku })
  @IsString({ message: TICKET_MESSAGES.productSku })
  productSku!: string;

  @ApiProperty({ enum: JACK_MODELS })
  @Transform(trim)
  @IsIn(JACK_MODELS, { message: oneOfMessage('Jack model', JACK_MODELS) })
  @IsNotEmpty({ message: TICKET_MESSAGES.jackModel })
  @IsString({ message: TICKET_MESSAGES.jackModel })
  jackModel!: (typeof JACK_MODELS)[number];

  @ApiPropertyOptional({ maxLength: 255, nullable: true, type: String, description: 'null or blank: none' })
  @Transform(blankToUndefined)
  @OptionalField()
  @MaxLength(255, { message: 'Serial number must be at most 255 characters' })
  @IsString({ message: 'Serial number must be text' })
  serialNumber?: string;

  @ApiProperty({ enum: ISSUE_CATEGORIES })
  @Transform(trim)
  @IsIn(ISSUE_CATEGORIES, { message: oneOfMessage('Issue category', ISSUE_CATEGORIES) })
  @IsNotEmpty({ message: TICKET_MESSAGES.issueCategory })
  @IsString({ message: TICKET_MESSAGES.issueCategory })
  issueCategory!: (typeof ISSUE_CATEGORIES)[number];

  @ApiProperty({ minLength: 20, maxLength: 20000, example: 'The jack pumps but the saddle will not rise under load.' })
  @Transform(trim)
  @MaxLength(20000, { message: 'Issue description must be at most 20000 characters' })
  @MinLength(ISSUE_DESCRIPTION_MIN, { message: TICKET_MESSAGES.issueDescription })
  @IsString({ message: TICKET_MESSAGES.issueDescription })
  issueDescription!: string;

  @ApiProperty({ enum: ISSUE_START_TIMES })
  @Transform(trim)
  @IsIn(ISSUE_START_TIMES, { message: oneOfMessage('When the issue started', ISSUE_START_TIMES) })
  @IsNotEmpty({ message: TICKET_MESSAGES.issueStartTime })
  @IsString({ message: TICKET_MESSAGES.issueStartTime })
  issueStartTime!: (typeof ISSUE_START_TIMES)[number];

  @ApiPropertyOptional({ enum: YES_NO, default: 'No', nullable: true, description: 'null or blank: the default' })
  @Transform(blankToUndefined)
  @OptionalField()
  @IsIn(YES_NO, { message: 'Troubleshooting attempted must be Yes or No' })
  troubleshootingAttempted?: (typeof YES_NO)[number];

  @ApiPropertyOptional({ description: 'Required when troubleshootingAttempted is Yes; ignored otherwise', maxLength: 5000 })
  @Transform(trim)
  @ValidateIf((dto: TicketIntakeDto) => dto.troubleshootingAttempted === 'Yes')
  @MaxLength(5000, { message: 'Troubleshooting steps must be at most 5000 characters' })
  @IsNotEmpty({ message: TICKET_MESSAGES.troubleshootingSteps })
  @IsString({ message: TICKET_MESSAGES.troubleshootingSteps })
  troubleshootingSteps?: string;

  @ApiProperty({ enum: PREFERRED_RESOLUTIONS })
  @Transform(trim)
  @IsIn(PREFERRED_RESOLUTIONS, { message: oneOfMessage('Preferred resolution', PREFERRED_RESOLUTIONS) })
  @IsNotEmpty({ message: TICKET_MESSAGES.preferredResolution })
  @IsString({ message: TICKET_MESSAGES.preferredResolution })
  preferredResolution!: (typeof PREFERRED_RESOLUTIONS)[number];

  @ApiPropertyOptional({
    description: "Defaults to the organization's default ticket brand (settings.ticket_brand); null or blank: that default",
    maxLength: 50,
    nullable: true,
    type: String,
  })
  @Transform(blankToUndefined)
  @OptionalField()
  @MaxLength(50, { message: 'Brand must be at most 50 characters' })
  @IsString({ message: 'Brand must be text' })
  productBrand?: string;

  @ApiPropertyOptional({ enum: TICKET_PRIORITIES, default: 'Medium', nullable: true, description: 'null or blank: the default' })
  @Transform(blankToUndefined)
  @OptionalField()
  @IsIn(TICKET_PRIORITIES, { message: oneOfMessage('Priority', TICKET_PRIORITIES) })
  priority?: (typeof TICKET_PRIORITIES)[number];

  @ApiPropertyOptional({ default: false })
  @OptionalField()
  @IsBoolean({ message: 'Injury reported must be true or false' })
  injuryReported?: boolean;

  @ApiPropertyOptional({ default: false })
  @OptionalField()
  @IsBoolean({ message: 'Property damage must be true or false' })
  propertyDamage?: boolean;

}

/** POST /api/tickets: the intake, optionally from a call. */
export class CreateTicketDto extends TicketIntakeDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Create the ticket from this call log: the call is linked to the ticket and its caller’s number is the customer’s phone' })
  @ValidateIf((_, value) => value !== undefined)
  @IsUUID('all', { message: 'Call log not found' })
  call_log_id?: string;
}

/**
 * POST /api/tickets/from-call: the Phone System's short form. The caller is the customer (the
 * call's customer, else its caller name and number); the intake fields it lacks are completed later
 * in the ticket's Edit view.
 */
export class CreateTicketFromCallDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Call log not found' })
  @IsNotEmpty({ message: 'Call log not found' })
  call_log_id!: string;

  @ApiPropertyOptional({ description: "The call's brand by default; null or blank: the organization's default ticket brand", maxLength: 50, nullable: true, type: String })
  @Transform(blankToUndefined)
  @OptionalField()
  @MaxLength(50, { message: 'Brand must be at most 50 characters' })
  @IsString({ message: 'Brand must be text' })
  productBrand?: string;

  @ApiPropertyOptional({ description: "One of the brand's products or free text; ignored when the product model question is not asked", maxLength: 255, nullable: true, type: String })
  @Transform(blankToUndefined)
  @OptionalField()
  @MaxLength(255, { message: 'Product model must be at most 255 characters' })
  @IsString({ message: 'Product model must be text' })
  productModel?: string;

  @ApiPropertyOptional({ description: 'The SKU of the product picked', maxLength: 255, nullable: true, type: String })
  @Transform(blankToUndefined)
  @OptionalField()
  @MaxLength(255, { message: 'Product SKU/Model must be at most 255 characters' })
  @IsString({ message: 'Product SKU/Model must be text' })
  productSku?: string;

  @ApiProperty({ minLength: 20, maxLength: 20000, description: "Prefilled from the call's transcription" })
  @Transform(trim)
  @MaxLength(20000, { message: 'Issue description must be at most 20000 characters' })
  @MinLength(ISSUE_DESCRIPTION_MIN, { message: TICKET_MESSAGES.issueDescription })
  @IsString({ message: TICKET_MESSAGES.issueDescription })
  issueDescription!: string;

  @ApiPropertyOptional({ enum: TICKET_PRIORITIES, default: 'Medium', nullable: true, description: 'null or blank: the default' })
  @Transform(blankToUndefined)
  @OptionalField()
  @IsIn(TICKET_PRIORITIES, { message: oneOfMessage('Priority', TICKET_PRIORITIES) })
  priority?: (typeof TICKET_PRIORITIES)[number];
}
