import { ApiProperty } from '@nestjs/swagger';

/** An earlier claim on a ticket's serial number (same organization), with its outcome. */
export class SerialHistoryEntryDto {
  @ApiProperty({ format: 'uuid' }) ticket_id!: string;
  @ApiProperty({ example: 'WC-000045' }) ticket_number!: string;
  @ApiProperty({ example: 'SN-123' }) serial_number!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ enum: ['approved', 'denied'], nullable: true, type: String, description: 'null: not decided yet' }) decision!: 'approved' | 'denied' | null;
  @ApiProperty({ nullable: true, type: String }) reason!: string | null;
  @ApiProperty({ enum: ['replacement', 'parts', 'repair', 'refund'], nullable: true, type: String }) resolution_type!: string | null;
  @ApiProperty({ enum: ['awaiting_return', 'received', 'shipped', 'delivered', 'refunded'], nullable: true, type: String }) resolution_state!: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'RMA-000123' }) rma_number!: string | null;
}

/**
 * The earlier claims on a ticket's serial number. Declared here, provided by the warranty module
 * (which reads tickets; tickets cannot import it).
 */
export abstract class TicketSerialHistory {
  abstract of(organizationId: string, ticketId: string): Promise<SerialHistoryEntryDto[]>;
}
