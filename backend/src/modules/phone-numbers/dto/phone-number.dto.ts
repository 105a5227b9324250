import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { E164, trim, trimOrNull } from '../../../common/http/transforms.js';
import { NUMBER_ORIGINS, type BrandPhoneNumber, type NumberOrigin } from '../brand-phone-number.entity.js';
import { MATCH_MODES, type MatchMode, MESSAGES, SEARCH_COUNTRIES } from '../phone-options.js';
import { GreetingResponseDto, toGreetingResponse } from './greeting.dto.js';

/** Query flags arrive as text: "true"/"1"/"on" are on, "false"/"0"/"off" off, absent = the default. */
const flag = (fallback: boolean) => ({ value }: { value: unknown }) => {
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'boolean') return value;
  const text = String(value).toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(text)) return true;
  if (['false', '0', 'off', 'no'].includes(text)) return false;
  return value;
};

export class SearchNumbersQueryDto {
  @ApiPropertyOptional({ enum: SEARCH_COUNTRIES, default: 'US' })
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim().toUpperCase() : 'US'))
  @IsIn(SEARCH_COUNTRIES, { message: `Country must be one of: ${SEARCH_COUNTRIES.join(', ')}` })
  country: (typeof SEARCH_COUNTRIES)[number] = 'US';

  @ApiPropertyOptional({ type: String, nullable: true, example: '512', description: 'Area code (US and CA); blank or null: any' })
  @Transform(trimOrNull)
  @IsOptional()
  @Matches(/^\d{2,5}$/, { message: 'Area code must be 2 to 5 digits' })
  areaCode?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '555', description: 'Digits (or letters) the number should contain; * matches any digit; blank or null: any' })
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/[\s\-()+]/g, '') || null : value))
  @IsOptional()
  @Matches(/^[0-9A-Za-z*]{1,15}$/, { message: 'Search text may hold only digits, letters and *' })
  contains?: string | null;

  @ApiPropertyOptional({ enum: MATCH_MODES, default: 'anywhere', description: 'Where `contains` must match: first or last part of the number, or anywhere' })
  @Transform(({ value }) => (typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : 'anywhere'))
  @IsIn(MATCH_MODES, { message: `Match must be one of: ${MATCH_MODES.join(', ')}` })
  match: MatchMode = 'anywhere';

  @ApiPropertyOptional({ type: Boolean, default: true })
  @Transform(flag(true))
  @IsIn([true, false], { message: 'voice must be true or false' })
  voice: boolean = true;

  @ApiPropertyOptional({ type: Boolean, default: true })
  @Transform(flag(true))
  @IsIn([true, false], { message: 'sms must be true or false' })
  sms: boolean = true;

  @ApiPropertyOptional({ type: Boolean, default: false })
  @Transform(flag(false))
  @IsIn([true, false], { message: 'mms must be true or false' })
  mms: boolean = false;

  @ApiPropertyOptional({ type: Boolean, default: false })
  @Transform(flag(false))
  @IsIn([true, false], { message: 'fax must be true or false' })
  fax: boolean = false;
}

export class AvailableNumberDto {
  @ApiProperty({ example: '+15125550123' }) phoneNumber!: string;
  @ApiProperty({ example: '(512) 555-0123' }) friendlyName!: string;
  @ApiProperty({ example: 'Austin', nullable: true, type: String }) locality!: string | null;
  @ApiProperty({ example: 'TX', nullable: true, type: String }) region!: string | null;
  @ApiProperty({ example: 'US' }) isoCountry!: string;
  @ApiProperty({ example: { voice: true, sms: true, mms: true, fax: false } })
  capabilities!: { voice: boolean; sms: boolean; mms: boolean; fax: boolean };
  @ApiProperty({ example: '1.15', nullable: true, type: String, description: 'What the number costs a month on the Twilio account (Twilio Pricing, local numbers of the country); null when Twilio did not say' })
  monthlyPrice!: string | null;
  @ApiProperty({ example: 'USD', nullable: true, type: String }) priceUnit!: string | null;
}

/** Purchase: the brand is checked first ("Please select a brand before purchasing"), so it is declared first. */
export class PurchaseNumberDto {
  @ApiProperty({ example: 'Acme', maxLength: 50 })
  @Transform(trim)
  @MaxLength(50, { message: 'Brand must be at most 50 characters' })
  @IsNotEmpty({ message: MESSAGES.purchaseBrand })
  @IsString({ message: MESSAGES.purchaseBrand })
  brand!: string;

  @ApiProperty({ example: '+15125550123' })
  @Transform(trim)
  @Matches(E164, { message: MESSAGES.e164 })
  @IsNotEmpty({ message: 'Please choose a phone number to purchase' })
  @IsString({ message: 'Please choose a phone number to purchase' })
  phoneNumber!: string;
}

export class ImportNumberDto {
  @ApiProperty({ example: '+15125550123', description: 'A number already in the organization’s Twilio account' })
  @Transform(trim)
  @Matches(E164, { message: MESSAGES.e164 })
  @IsNotEmpty({ message: MESSAGES.importBoth })
  @IsString({ message: MESSAGES.importBoth })
  phoneNumber!: string;

  @ApiProperty({ example: 'Acme', maxLength: 50 })
  @Transform(trim)
  @MaxLength(50, { message: 'Brand must be at most 50 characters' })
  @IsNotEmpty({ message: MESSAGES.importBoth })
  @IsString({ message: MESSAGES.importBoth })
  brand!: string;
}

export class UpdatePhoneNumberDto {
  @ApiPropertyOptional({ example: 'Acme', nullable: true, type: String, description: 'null (or blank) = No Brand' })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(50, { message: 'Brand must be at most 50 characters' })
  @IsString({ message: 'Brand must be text' })
  brand?: string | null;
}

export class PhoneNumberResponseDto extends GreetingResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: '+15125550123' }) phone_number!: string;
  @ApiProperty({ nullable: true, type: String, example: '(512) 555-0123' }) friendly_name!: string | null;
  @ApiProperty({ nullable: true, type: String }) brand!: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'PN0123456789abcdef0123456789abcdef' }) twilio_phone_sid!: string | null;
  @ApiProperty({ enum: NUMBER_ORIGINS, description: 'purchased through the app, or imported from the Twilio account' })
  origin!: NumberOrigin;
  @ApiProperty() is_active!: boolean;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}

export function toPhoneNumberResponse(n: BrandPhoneNumber): PhoneNumberResponseDto {
  return {
    id: n.id,
    phone_number: n.phoneNumber,
    friendly_name: n.friendlyName ?? null,
    brand: n.brand ?? null,
    twilio_phone_sid: n.twilioPhoneSid ?? null,
    origin: n.origin,
    is_active: n.isActive,
    ...toGreetingResponse(n),
    created_at: n.createdAt,
    updated_at: n.updatedAt,
  };
}

export class DeletedNumberResponseDto {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ enum: ['released', 'detached'], description: 'released: given back to Twilio; detached: removed from the app, kept in the Twilio account' })
  action!: 'released' | 'detached';
  @ApiProperty({ example: 'Phone number released' }) message!: string;
}

export class ReconfiguredResponseDto {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: '+15125550123' }) phone_number!: string;
  @ApiProperty({ example: 'https://crm.example.com/api/webhooks/twilio/voice' }) voice_url!: string;
}
