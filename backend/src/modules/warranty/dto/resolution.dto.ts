import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import {
  CARRIER_MAX_LENGTH,
  lineTotal,
  nextResolutionStates,
  RESOLUTION_ITEM_QUANTITY_MAX,
  RESOLUTION_ITEMS_MAX,
  RESOLUTION_STATES,
  RESOLUTION_TYPE_MESSAGE,
  RESOLUTION_TYPES,
  RESOLUTION_UNIT_COST_MAX,
  type ResolutionState,
  type ResolutionType,
  TRACKING_MAX_LENGTH,
} from '@warranty-crm/contract';
import { OptionalField } from '../../../common/http/optional.js';
import type { WarrantyClaim } from '../warranty-claim.entity.js';
import type { WarrantyResolution } from '../warranty-resolution.entity.js';
import { ClaimDecisionDto, toClaimDecision } from './decision.dto.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

export class ResolutionItemDto {
  @ApiProperty({ maxLength: 100, example: 'FJ-300' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(100, { message: 'SKU must be at most 100 characters' })
  @IsNotEmpty({ message: 'SKU is required' })
  @IsString({ message: 'SKU is required' })
  sku!: string;

  @ApiPropertyOptional({ maxLength: 500, example: '3-Ton Floor Jack' })
  @OptionalField()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(500, { message: 'Description must be at most 500 characters' })
  @IsString({ message: 'Description must be text' })
  description?: string;

  @ApiProperty({ minimum: 1, maximum: RESOLUTION_ITEM_QUANTITY_MAX, example: 1 })
  @Max(RESOLUTION_ITEM_QUANTITY_MAX, { message: `Quantity must be at most ${RESOLUTION_ITEM_QUANTITY_MAX}` })
  @Min(1, { message: 'Quantity must be at least 1' })
  @IsInt({ message: 'Quantity must be a whole number' })
  quantity!: number;

  @ApiProperty({ minimum: 0, maximum: RESOLUTION_UNIT_COST_MAX, example: 89.5, description: 'In the organization\'s currency, to the cent' })
  @Max(RESOLUTION_UNIT_COST_MAX, { message: `Unit cost must be at most ${RESOLUTION_UNIT_COST_MAX}` })
  @Min(0, { message: 'Unit cost cannot be negative' })
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: 'Unit cost must be an amount with at most 2 decimals' })
  unit_cost!: number;
}

class ShipmentFields {
  @ApiPropertyOptional({ nullable: true, type: String, maxLength: CARRIER_MAX_LENGTH, example: 'UPS' })
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(CARRIER_MAX_LENGTH, { message: `Carrier must be at most ${CARRIER_MAX_LENGTH} characters` })
  @IsString({ message: 'Carrier must be text' })
  return_carrier?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: TRACKING_MAX_LENGTH })
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(TRACKING_MAX_LENGTH, { message: `Tracking number must be at most ${TRACKING_MAX_LENGTH} characters` })
  @IsString({ message: 'Tracking number must be text' })
  return_tracking?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: CARRIER_MAX_LENGTH })
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(CARRIER_MAX_LENGTH, { message: `Carrier must be at most ${CARRIER_MAX_LENGTH} characters` })
  @IsString({ message: 'Carrier must be text' })
  outbound_carrier?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: TRACKING_MAX_LENGTH, example: '1Z999AA10123456784' })
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(TRACKING_MAX_LENGTH, { message: `Tracking number must be at most ${TRACKING_MAX_LENGTH} characters` })
  @IsString({ message: 'Tracking number must be text' })
  outbound_tracking?: string | null;
}

/** POST /api/tickets/{id}/resolution: an approved claim's resolution (state awaiting_return, the next RMA number). */
export class CreateResolutionDto extends ShipmentFields {
  @ApiProperty({ enum: RESOLUTION_TYPES, enumName: 'ResolutionType' })
  @IsIn(RESOLUTION_TYPES, { message: RESOLUTION_TYPE_MESSAGE })
  type!: ResolutionType;

  @ApiPropertyOptional({ type: [ResolutionItemDto], maxItems: RESOLUTION_ITEMS_MAX })
  @OptionalField()
  @ValidateNested({ each: true })
  @Type(() => ResolutionItemDto)
  @ArrayMaxSize(RESOLUTION_ITEMS_MAX, { message: `At most ${RESOLUTION_ITEMS_MAX} items` })
  @IsArray({ message: 'items must be a list' })
  items?: ResolutionItemDto[];
}

/** PATCH /api/tickets/{id}/resolution: any of the fields; items replace the list; state moves along the allowed transitions. */
export class UpdateResolutionDto extends ShipmentFields {
  @ApiPropertyOptional({ enum: RESOLUTION_TYPES, enumName: 'ResolutionType', description: 'Only while awaiting the return' })
  @OptionalField()
  @IsIn(RESOLUTION_TYPES, { message: RESOLUTION_TYPE_MESSAGE })
  type?: ResolutionType;

  @ApiPropertyOptional({ enum: RESOLUTION_STATES, enumName: 'ResolutionState', description: 'One of the resolution\'s next_states' })
  @OptionalField()
  @IsIn(RESOLUTION_STATES, { message: 'State must be one of: awaiting_return, received, shipped, delivered, refunded' })
  state?: ResolutionState;

  @ApiPropertyOptional({ type: [ResolutionItemDto], maxItems: RESOLUTION_ITEMS_MAX })
  @OptionalField()
  @ValidateNested({ each: true })
  @Type(() => ResolutionItemDto)
  @ArrayMaxSize(RESOLUTION_ITEMS_MAX, { message: `At most ${RESOLUTION_ITEMS_MAX} items` })
  @IsArray({ message: 'items must be a list' })
  items?: ResolutionItemDto[];
}

/** PUT /api/tickets/{id}/resolution/items. */
export class ResolutionItemsDto {
  @ApiProperty({ type: [ResolutionItemDto], maxItems: RESOLUTION_ITEMS_MAX })
  @ValidateNested({ each: true })
  @Type(() => ResolutionItemDto)
  @ArrayMaxSize(RESOLUTION_ITEMS_MAX, { message: `At most ${RESOLUTION_ITEMS_MAX} items` })
  @IsArray({ message: 'items must be a list' })
  items!: ResolutionItemDto[];
}

export class ResolutionItemResponseDto {
  @ApiProperty() sku!: string;
  @ApiProperty() description!: string;
  @ApiProperty() quantity!: number;
  @ApiProperty() unit_cost!: number;
  @ApiProperty({ description: 'quantity × unit_cost' }) line_total!: number;
}

export class ResolutionResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) ticket_id!: string;
  @ApiProperty({ example: 'RMA-000123' }) rma_number!: string;
  @ApiProperty({ enum: RESOLUTION_TYPES, enumName: 'ResolutionType' }) type!: ResolutionType;
  @ApiProperty({ enum: RESOLUTION_STATES, enumName: 'ResolutionState' }) state!: ResolutionState;
  @ApiProperty({ enum: RESOLUTION_STATES, enumName: 'ResolutionState', isArray: true, description: 'Where it may go from here' }) next_states!: ResolutionState[];
  @ApiProperty({ type: [ResolutionItemResponseDto] }) items!: ResolutionItemResponseDto[];
  @ApiProperty({ description: 'The sum of the line totals' }) total_cost!: number;
  @ApiProperty({ nullable: true, type: String }) return_carrier!: string | null;
  @ApiProperty({ nullable: true, type: String }) return_tracking!: string | null;
  @ApiProperty({ nullable: true, type: String }) outbound_carrier!: string | null;
  @ApiProperty({ nullable: true, type: String }) outbound_tracking!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When it was delivered or refunded' }) resolved_at!: string | null;
}

/** GET /api/tickets/{id}/resolution: the claim's decision and resolution, each null until made. */
export class WarrantyOutcomeDto {
  @ApiProperty({ type: ClaimDecisionDto, nullable: true }) decision!: ClaimDecisionDto | null;
  @ApiProperty({ type: ResolutionResponseDto, nullable: true }) resolution!: ResolutionResponseDto | null;
}

export function toResolutionResponse(r: WarrantyResolution): ResolutionResponseDto {
  return {
    id: r.id,
    ticket_id: typeof r.ticket === 'string' ? r.ticket : r.ticket.id,
    rma_number: r.rmaNumber,
    type: r.type,
    state: r.state,
    next_states: nextResolutionStates(r.type, r.state),
    items: r.items.getItems().map((i) => ({
      sku: i.sku,
      description: i.description,
      quantity: i.quantity,
      unit_cost: Number(i.unitCost),
      line_total: lineTotal(i.quantity, Number(i.unitCost)),
    })),
    total_cost: Number(r.totalCost),
    return_carrier: r.returnCarrier ?? null,
    return_tracking: r.returnTracking ?? null,
    outbound_carrier: r.outboundCarrier ?? null,
    outbound_tracking: r.outboundTracking ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    resolved_at: r.resolvedAt?.toISOString() ?? null,
  };
}

export function toWarrantyOutcome(claim: WarrantyClaim | null, resolution: WarrantyResolution | null): WarrantyOutcomeDto {
  return { decision: claim ? toClaimDecision(claim) : null, resolution: resolution ? toResolutionResponse(resolution) : null };
}
