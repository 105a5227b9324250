import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidateIf,
  type ValidationOptions,
} from 'class-validator';
import {
  CONTACT_METHODS,
  ISSUE_CATEGORIES,
  ISSUE_START_TIMES,
  isIsoDate,
  isPurchaseDateInWindow,
  JACK_MODELS,
  oneOfMessage,
  PREFERRED_RESOLUTIONS,
  YES_NO,
} from '../ticket-options.js';
import { TICKET_PRIORITIES } from '../ticket.entity.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Optional text: blank means absent. */
const blankToUndefined = ({ value }: { value: unknown }) => {
  const v = typeof value === 'string' ? value.trim() : value;
  return v === '' || v === null ? undefined : v;
};
/** A date input gives YYYY-MM-DD; an ISO timestamp is cut to its date. */
const toDateOnly = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value.trim()) ? value.trim().slice(0, 10) : trim({ value });

const IsIsoDate = (options: ValidationOptions) => ValidateBy({ name: 'isIsoDate', validator: { validate: isIsoDate } }, options);
const IsPurchaseDateInWindow = (options: ValidationOptions) =>
  ValidateBy({ name: 'isPurchaseDateInWindow', validator: { validate: (value) => isPurchaseDateInWindow(String(value)) } }, options);

/** The create payload of spec part 1 section 3, with the messages of section 5 verbatim. */
export class CreateTicketDto {
  @ApiProperty({ example: 'Maria Gonzalez', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Full name must be at most 255 characters' })
  @IsNotEmpty({ message: 'Full name is required' })
  @IsString({ message: 'Full name is required' })
  customerName!: string;

  @ApiProperty({ example: 'maria@example.com', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Valid email is required' })
  @IsEmail({}, { message: 'Valid email is required' })
  @IsString({ message: 'Valid email is required' })
  customerEmail!: string;

  @ApiPropertyOptional({ example: '+15125550101', maxLength: 50 })
  @Transform(blankToUndefined)
  @IsOptional()
  @MaxLength(50, { message: 'Phone number must be at most 50 characters' })
  @IsString({ message: 'Phone number must be text' })
  customerPhone?: string;

  @ApiPropertyOptional({ enum: CONTACT_METHODS, default: 'Email' })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(CONTACT_METHODS, { message: oneOfMessage('Contact method', CONTACT_METHODS) })
  contactMethod?: (typeof CONTACT_METHODS)[number];

  @ApiProperty({ example: 'ORD-100200', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Order number must be at most 255 characters' })
  @IsNotEmpty({ message: 'Order number is required' })
  @IsString({ message: 'Order number is required' })
  orderNumber!: string;

  @ApiProperty({ example: '2026-01-15', format: 'date', description: 'Not in the future, not more than 5 years ago' })
  @Transform(toDateOnly)
  @IsPurchaseDateInWindow({ message: 'Purchase date must be within the last 5 years and not in the future' })
  @IsIsoDate({ message: 'Purchase date must be a date in the form YYYY-MM-DD' })
  @IsNotEmpty({ message: 'Purchase date is required' })
  @IsString({ message: 'Purchase date is required' })
  purchaseDate!: string;

  @ApiProperty({ example: 'Walmart', description: 'Walmart, the host retailer, or Other', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Purchase location must be at most 255 characters' })
  @IsNotEmpty({ message: 'Purchase location is required' })
  @IsString({ message: 'Purchase location is required' })
  purchaseLocation!: string;

  @ApiProperty({ example: 'FJ-250', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Product SKU/Model must be at most 255 characters' })
  @IsNotEmpty({ message: 'Product SKU/Model is required' })
  @IsString({ message: 'Product SKU/Model is required' })
  productSku!: string;

  @ApiProperty({ enum: JACK_MODELS })
  @Transform(trim)
  @IsIn(JACK_MODELS, { message: oneOfMessage('Jack model', JACK_MODELS) })
  @IsNotEmpty({ message: 'Jack model is required' })
  @IsString({ message: 'Jack model is required' })
  jackModel!: (typeof JACK_MODELS)[number];

  @ApiPropertyOptional({ maxLength: 255 })
  @Transform(blankToUndefined)
  @IsOptional()
  @MaxLength(255, { message: 'Serial number must be at most 255 characters' })
  @IsString({ message: 'Serial number must be text' })
  serialNumber?: string;

  @ApiProperty({ enum: ISSUE_CATEGORIES })
  @Transform(trim)
  @IsIn(ISSUE_CATEGORIES, { message: oneOfMessage('Issue category', ISSUE_CATEGORIES) })
  @IsNotEmpty({ message: 'Issue category is required' })
  @IsString({ message: 'Issue category is required' })
  issueCategory!: (typeof ISSUE_CATEGORIES)[number];

  @ApiProperty({ minLength: 20, maxLength: 20000, example: 'The jack pumps but the saddle will not rise under load.' })
  @Transform(trim)
  @MaxLength(20000, { message: 'Issue description must be at most 20000 characters' })
  @MinLength(20, { message: 'Issue description must be at least 20 characters' })
  @IsString({ message: 'Issue description must be at least 20 characters' })
  issueDescription!: string;

  @ApiProperty({ enum: ISSUE_START_TIMES })
  @Transform(trim)
  @IsIn(ISSUE_START_TIMES, { message: oneOfMessage('When the issue started', ISSUE_START_TIMES) })
  @IsNotEmpty({ message: 'Please select when the issue started' })
  @IsString({ message: 'Please select when the issue started' })
  issueStartTime!: (typeof ISSUE_START_TIMES)[number];

  @ApiPropertyOptional({ enum: YES_NO, default: 'No' })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(YES_NO, { message: 'Troubleshooting attempted must be Yes or No' })
  troubleshootingAttempted?: (typeof YES_NO)[number];

  @ApiPropertyOptional({ description: 'Required when troubleshootingAttempted is Yes; ignored otherwise', maxLength: 5000 })
  @Transform(trim)
  @ValidateIf((dto: CreateTicketDto) => dto.troubleshootingAttempted === 'Yes')
  @MaxLength(5000, { message: 'Troubleshooting steps must be at most 5000 characters' })
  @IsNotEmpty({ message: 'Please describe the troubleshooting steps you tried' })
  @IsString({ message: 'Please describe the troubleshooting steps you tried' })
  troubleshootingSteps?: string;

  @ApiProperty({ enum: PREFERRED_RESOLUTIONS })
  @Transform(trim)
  @IsIn(PREFERRED_RESOLUTIONS, { message: oneOfMessage('Preferred resolution', PREFERRED_RESOLUTIONS) })
  @IsNotEmpty({ message: 'Please select your preferred resolution' })
  @IsString({ message: 'Please select your preferred resolution' })
  preferredResolution!: (typeof PREFERRED_RESOLUTIONS)[number];

  @ApiPropertyOptional({ description: "Defaults to the organization's default ticket brand (settings.ticket_brand)", maxLength: 50 })
  @Transform(blankToUndefined)
  @IsOptional()
  @MaxLength(50, { message: 'Brand must be at most 50 characters' })
  @IsString({ message: 'Brand must be text' })
  productBrand?: string;

  @ApiPropertyOptional({ enum: TICKET_PRIORITIES, default: 'Medium' })
  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(TICKET_PRIORITIES, { message: oneOfMessage('Priority', TICKET_PRIORITIES) })
  priority?: (typeof TICKET_PRIORITIES)[number];

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'Injury reported must be true or false' })
  injuryReported?: boolean;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'Property damage must be true or false' })
  propertyDamage?: boolean;
}
