import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';

export const WARRANTY_PERIODS = ['30', '90', '365', 'all'] as const;
export type WarrantyPeriod = (typeof WARRANTY_PERIODS)[number];

export class WarrantyAnalyticsQueryDto {
  @ApiPropertyOptional({ enum: WARRANTY_PERIODS, default: '30', description: 'Claims created in the last N UTC days (today included), or all time' })
  @OptionalField()
  @IsIn(WARRANTY_PERIODS, { message: 'period must be one of: 30, 90, 365, all' })
  period?: WarrantyPeriod;
}

export class WarrantyProductDto {
  @ApiProperty({ nullable: true, type: String }) brand!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The product (model)' }) product!: string | null;
  @ApiProperty({ nullable: true, type: String }) sku!: string | null;
  @ApiProperty() claims!: number;
  @ApiProperty({ description: "The product's share of the period's claims, 0..1" }) claim_rate!: number;
  @ApiProperty() approved!: number;
  @ApiProperty() denied!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'approved / (approved + denied), 0..1; null without decisions' }) approval_rate!: number | null;
  @ApiProperty({ description: 'Warranty cost: the resolutions\' items' }) cost!: number;
}

export class WarrantyCategoryDto {
  @ApiProperty({ nullable: true, type: String }) category!: string | null;
  @ApiProperty() claims!: number;
  @ApiProperty({ description: "The category's share of the period's claims, 0..1" }) claim_rate!: number;
}

export class FailureReasonDto {
  @ApiProperty({ nullable: true, type: String }) category!: string | null;
  @ApiProperty() claims!: number;
}

export class ProductFailureReasonsDto {
  @ApiProperty({ nullable: true, type: String }) brand!: string | null;
  @ApiProperty({ nullable: true, type: String }) product!: string | null;
  @ApiProperty({ nullable: true, type: String }) sku!: string | null;
  @ApiProperty({ type: [FailureReasonDto], description: 'The top 3 issue categories, most claims first' }) reasons!: FailureReasonDto[];
}

export class BrandMonthCostDto {
  @ApiProperty({ example: '2026-11' }) month!: string;
  @ApiProperty({ nullable: true, type: String }) brand!: string | null;
  @ApiProperty() cost!: number;
}

/** GET /api/analytics/warranty. */
export class WarrantyAnalyticsDto {
  @ApiProperty({ enum: WARRANTY_PERIODS }) period!: WarrantyPeriod;
  @ApiProperty({ nullable: true, type: String, format: 'date', description: 'First UTC day of the period; null for all time' }) from!: string | null;
  @ApiProperty() claims!: number;
  @ApiProperty() approved!: number;
  @ApiProperty() denied!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'approved / (approved + denied), 0..1' }) approval_rate!: number | null;
  @ApiProperty() total_cost!: number;
  @ApiProperty({ description: 'Claims ended: denied, or their resolution delivered or refunded' }) resolved!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Median whole hours from the claim (ticket created) to its end (percentile_disc 0.5 of the hours)' })
  median_hours_to_resolution!: number | null;
  @ApiProperty({ type: [WarrantyProductDto], description: 'Most claims first (top 50)' }) by_product!: WarrantyProductDto[];
  @ApiProperty({ type: [WarrantyCategoryDto], description: 'Most claims first' }) by_category!: WarrantyCategoryDto[];
  @ApiProperty({ type: [ProductFailureReasonsDto], description: 'For the 10 products with the most claims' }) top_failure_reasons!: ProductFailureReasonsDto[];
  @ApiProperty({ type: [BrandMonthCostDto], description: 'Oldest month first, then brand' }) cost_by_brand_month!: BrandMonthCostDto[];
}
