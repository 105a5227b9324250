import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, MaxLength, MinLength } from 'class-validator';
import { trim, trimOrNull } from '../../../common/http/transforms.js';

export const BUSINESS_TYPES = ['sole_proprietorship', 'partnership', 'llc', 'corporation', 'non_profit', 'government'] as const;
export const STOCK_EXCHANGES = ['NYSE', 'NASDAQ', 'AMEX', 'OTC'] as const;

const upper = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const upperOrNull = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? null : value.trim().toUpperCase();
};

/**
 * The A2P 10DLC registration form (spec part 2 section 5): the business and its contact person.
 * Rules are listed refinement first, the "required" rule nearest the property (it runs first).
 */
export class UpdateA2pDto {
  @ApiProperty({ example: 'Acme Appliances LLC', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Business legal name must be at most 255 characters' })
  @IsNotEmpty({ message: 'Business legal name is required' })
  @IsString({ message: 'Business legal name is required' })
  business_legal_name!: string;

  @ApiProperty({ enum: BUSINESS_TYPES })
  @Transform(trim)
  @IsIn(BUSINESS_TYPES, { message: `Business type must be one of: ${BUSINESS_TYPES.join(', ')}` })
  @IsNotEmpty({ message: 'Business type is required' })
  @IsString({ message: 'Business type is required' })
  business_type!: (typeof BUSINESS_TYPES)[number];

  @ApiProperty({ example: '12-3456789', maxLength: 50 })
  @Transform(trim)
  @MaxLength(50, { message: 'EIN/Tax ID must be at most 50 characters' })
  @IsNotEmpty({ message: 'EIN/Tax ID is required' })
  @IsString({ message: 'EIN/Tax ID is required' })
  ein_tax_id!: string;

  @ApiProperty({ example: '1 Main St', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Business street must be at most 255 characters' })
  @IsNotEmpty({ message: 'Business street is required' })
  @IsString({ message: 'Business street is required' })
  business_street!: string;

  @ApiProperty({ example: 'Springfield', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Business city must be at most 255 characters' })
  @IsNotEmpty({ message: 'Business city is required' })
  @IsString({ message: 'Business city is required' })
  business_city!: string;

  @ApiProperty({ example: 'IL', minLength: 2, maxLength: 2, description: 'Two letters' })
  @Transform(upper)
  @Matches(/^[A-Z]{2}$/, { message: 'Business state must be 2 letters' })
  @MinLength(2, { message: 'Business state is required' })
  @IsNotEmpty({ message: 'Business state is required' })
  @IsString({ message: 'Business state is required' })
  business_state!: string;

  @ApiProperty({ example: '62701', maxLength: 20 })
  @Transform(trim)
  @MaxLength(20, { message: 'Business ZIP must be at most 20 characters' })
  @IsNotEmpty({ message: 'Business ZIP is required' })
  @IsString({ message: 'Business ZIP is required' })
  business_zip!: string;

  @ApiPropertyOptional({ example: 'US', default: 'US', nullable: true, type: String, description: 'Two letters; US when left out, blank or null' })
  @Transform(upperOrNull)
  @IsOptional()
  @Matches(/^[A-Z]{2}$/, { message: 'Business country must be 2 letters' })
  @IsString({ message: 'Business country must be 2 letters' })
  business_country?: string | null;

  @ApiPropertyOptional({ example: 'https://acme.example', nullable: true, type: String, description: 'A URL, or empty' })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(255, { message: 'Business website must be at most 255 characters' })
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'] }, { message: 'Must be a valid URL' })
  business_website?: string | null;

  @ApiProperty({ example: 'Retail', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Business industry must be at most 255 characters' })
  @IsNotEmpty({ message: 'Business industry is required' })
  @IsString({ message: 'Business industry is required' })
  business_industry!: string;

  @ApiProperty({ example: 'We sell and service home appliances.', maxLength: 5000 })
  @Transform(trim)
  @MaxLength(5000, { message: 'Business description must be at most 5000 characters' })
  @IsNotEmpty({ message: 'Business description is required' })
  @IsString({ message: 'Business description is required' })
  business_description!: string;

  @ApiProperty({ example: 'Jane', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Contact first name must be at most 255 characters' })
  @IsNotEmpty({ message: 'Contact first name is required' })
  @IsString({ message: 'Contact first name is required' })
  contact_first_name!: string;

  @ApiProperty({ example: 'Doe', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Contact last name must be at most 255 characters' })
  @IsNotEmpty({ message: 'Contact last name is required' })
  @IsString({ message: 'Contact last name is required' })
  contact_last_name!: string;

  @ApiProperty({ example: 'jane@acme.example', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Contact email must be at most 255 characters' })
  @IsEmail({}, { message: 'Must be a valid email' })
  contact_email!: string;

  @ApiProperty({ example: '+15551234567', maxLength: 50 })
  @Transform(trim)
  @MaxLength(50, { message: 'Contact phone must be at most 50 characters' })
  @IsNotEmpty({ message: 'Contact phone is required' })
  @IsString({ message: 'Contact phone is required' })
  contact_phone!: string;

  @ApiPropertyOptional({ enum: STOCK_EXCHANGES, nullable: true })
  @Transform(upperOrNull)
  @IsOptional()
  @IsIn(STOCK_EXCHANGES, { message: `Stock exchange must be one of: ${STOCK_EXCHANGES.join(', ')}` })
  stock_exchange?: (typeof STOCK_EXCHANGES)[number] | null;

  @ApiPropertyOptional({ example: 'ACME', maxLength: 50, nullable: true, type: String })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(50, { message: 'Stock symbol must be at most 50 characters' })
  @IsString({ message: 'Stock symbol must be text' })
  stock_symbol?: string | null;
}
