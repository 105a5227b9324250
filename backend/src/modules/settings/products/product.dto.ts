import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsString, MaxLength, ValidateBy } from 'class-validator';
import { WARRANTY_TERM_UNREADABLE, warrantyTermError } from '@warranty-crm/contract';
import { ListQueryDto } from '../../../common/http/list-query.js';
import { OptionalField } from '../../../common/http/optional.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Each location trimmed; blanks dropped; repeats (any case) kept once. */
const cleanLocations = ({ value }: { value: unknown }) => {
  if (!Array.isArray(value)) return value;
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const raw of value) {
    const location = typeof raw === 'string' ? raw.trim() : raw;
    if (location === '') continue;
    const key = typeof location === 'string' ? location.toLowerCase() : location;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(location);
  }
  return out;
};

export const PRODUCT_MESSAGES = {
  brand: 'Brand is required',
  sku: 'SKU / Model Number is required',
  productName: 'Product Name is required',
  warrantyTerm: 'Warranty Term is required',
  saleLocations: 'Sale locations must be a list such as ["online", "in-store", "Store #12"]',
} as const;

/** The sale locations the form offers besides named stores. */
export const STANDARD_SALE_LOCATIONS = ['online', 'in-store'] as const;

/** POST /api/products and PUT /api/products/{id} (the whole product, as the form sends it). */
export class ProductInputDto {
  @ApiProperty({ example: 'IronJack', maxLength: 50 })
  @Transform(trim)
  @MaxLength(50, { message: 'Brand must be at most 50 characters' })
  @IsNotEmpty({ message: PRODUCT_MESSAGES.brand })
  @IsString({ message: PRODUCT_MESSAGES.brand })
  brand!: string;

  @ApiProperty({ example: 'FJ-250', maxLength: 100, description: 'SKU / Model Number, unique within the brand' })
  @Transform(trim)
  @MaxLength(100, { message: 'SKU / Model Number must be at most 100 characters' })
  @IsNotEmpty({ message: PRODUCT_MESSAGES.sku })
  @IsString({ message: PRODUCT_MESSAGES.sku })
  sku!: string;

  @ApiProperty({ example: '3-Ton Floor Jack', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Product Name must be at most 255 characters' })
  @IsNotEmpty({ message: PRODUCT_MESSAGES.productName })
  @IsString({ message: PRODUCT_MESSAGES.productName })
  product_name!: string;

  @ApiProperty({
    example: '1 year',
    maxLength: 100,
    description: 'A length of time the warranty rule reads: "90 days", "6 months", "1 year", "1 year 6 months", "Lifetime" or "None"',
  })
  @Transform(trim)
  @ValidateBy({ name: 'isWarrantyTerm', validator: { validate: (value) => typeof value !== 'string' || value === '' || !warrantyTermError(value) } }, { message: WARRANTY_TERM_UNREADABLE })
  @MaxLength(100, { message: 'Warranty Term must be at most 100 characters' })
  @IsNotEmpty({ message: PRODUCT_MESSAGES.warrantyTerm })
  @IsString({ message: PRODUCT_MESSAGES.warrantyTerm })
  warranty_term!: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['online', 'in-store', 'Store #12'],
    description: '"online", "in-store" and named stores; trimmed, blanks and repeats dropped. Defaults to [].',
  })
  @OptionalField()
  @Transform(cleanLocations)
  @MaxLength(255, { each: true, message: 'Each sale location must be at most 255 characters' })
  @IsString({ each: true, message: PRODUCT_MESSAGES.saleLocations })
  @ArrayMaxSize(100, { message: 'At most 100 sale locations are allowed' })
  @IsArray({ message: PRODUCT_MESSAGES.saleLocations })
  sale_locations?: string[];
}

export class ListProductsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ example: 'IronJack', description: "Only this brand's products" })
  @OptionalField()
  @IsString()
  brand?: string;
}

export class ProductResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() brand!: string;
  @ApiProperty() sku!: string;
  @ApiProperty() product_name!: string;
  @ApiProperty({ type: [String] }) sale_locations!: string[];
  @ApiProperty({ nullable: true, type: String }) warranty_term!: string | null;
  @ApiProperty({
    enum: ['days', 'lifetime', 'unknown'],
    description: 'How tickets read the term: a number of days, lifetime, or not understood (the 90-day default applies)',
  })
  warranty_term_kind!: 'days' | 'lifetime' | 'unknown';
  @ApiProperty({ nullable: true, type: Number, description: 'The term in days when it reads as days (a year is 365, a month 30)' })
  warranty_term_days!: number | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}
