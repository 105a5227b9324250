import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** An earlier claim on a ticket's serial number (same organization), with its outcome. */
export class SerialHistoryEntryDto {
  @ApiProperty({ format: 'uuid' }) ticket_id!: string;
  @ApiProperty({ example: 'WC-000045' }) ticket_number!: string;
  @ApiProperty({ example: 'SN-123' }) serial_number!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiPropertyOptional({ enum: ['approved', 'denied'], nullable: true, description: 'null: not decided yet' }) decision!: 'approved' | 'denied' | null;
  @ApiPropertyOptional({ nullable: true }) reason!: string | null;
  @ApiPropertyOptional({ enum: ['replacement', 'parts', 'repair', 'refund'], nullable: true }) resolution_type!: string | null;
  @ApiPropertyOptional({ enum: ['awaiting_return', 'received', 'shipped', 'delivered', 'refunded'], nullable: true }) resolution_state!: string | null;
  @ApiPropertyOptional({ nullable: true, example: 'RMA-000123' }) rma_number!: string | null;
}

/**
 * The earlier claims on a ticket's serial number. Declared here, provided by the warranty module
 * (which reads tickets; tickets cannot import it).
 */
export abstract class TicketSerialHistory {
  abstract of(organizationId: string, ticketId: string): Promise<SerialHistoryEntryDto[]>;
}
