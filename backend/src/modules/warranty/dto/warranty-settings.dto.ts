import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { DENIAL_REASON_MAX_LENGTH, DENIAL_REASONS_MAX, WARRANTY_TEMPLATE_MAX_LENGTH, WARRANTY_TEMPLATE_PLACEHOLDERS } from '@warranty-crm/contract';
import { OptionalField } from '../../../common/http/optional.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const trimmedList = ({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)) : value);

/** GET /api/settings/warranty: the organization's denial reasons and the decision templates (the defaults until edited). */
export class WarrantySettingsDto {
  @ApiProperty({ type: [String], example: ['Out of warranty', 'Misuse or damage', 'No proof of purchase', 'Not a defect', 'Other'] }) denial_reasons!: string[];
  @ApiProperty({ description: 'The approval message to the customer; placeholders {{ticket_number}}, {{customer_first_name}}, …' }) approval_template!: string;
  @ApiProperty({ description: 'The denial message to the customer' }) denial_template!: string;
  @ApiProperty({ type: [String], example: WARRANTY_TEMPLATE_PLACEHOLDERS }) placeholders!: string[];
}

/** PUT /api/settings/warranty: any of the three; a template set to an empty text goes back to the default. */
export class UpdateWarrantySettingsDto {
  @ApiProperty({ type: [String], required: false, maxItems: DENIAL_REASONS_MAX })
  @OptionalField()
  @Transform(trimmedList)
  @IsString({ each: true, message: 'Each denial reason must be text' })
  @IsNotEmpty({ each: true, message: 'A denial reason cannot be empty' })
  @MaxLength(DENIAL_REASON_MAX_LENGTH, { each: true, message: `A denial reason must be at most ${DENIAL_REASON_MAX_LENGTH} characters` })
  @ArrayMaxSize(DENIAL_REASONS_MAX, { message: `At most ${DENIAL_REASONS_MAX} denial reasons` })
  @ArrayMinSize(1, { message: 'Keep at least one denial reason' })
  @IsArray({ message: 'denial_reasons must be a list' })
  denial_reasons?: string[];

  @ApiProperty({ required: false, maxLength: WARRANTY_TEMPLATE_MAX_LENGTH })
  @OptionalField()
  @Transform(trimmed)
  @MaxLength(WARRANTY_TEMPLATE_MAX_LENGTH, { message: `A template must be at most ${WARRANTY_TEMPLATE_MAX_LENGTH} characters` })
  @IsString({ message: 'approval_template must be text' })
  approval_template?: string;

  @ApiProperty({ required: false, maxLength: WARRANTY_TEMPLATE_MAX_LENGTH })
  @OptionalField()
  @Transform(trimmed)
  @MaxLength(WARRANTY_TEMPLATE_MAX_LENGTH, { message: `A template must be at most ${WARRANTY_TEMPLATE_MAX_LENGTH} characters` })
  @IsString({ message: 'denial_template must be text' })
  denial_template?: string;
}
