import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export const SEARCH_QUERY_MAX = 100;
/** Results per group. */
export const SEARCH_GROUP_LIMIT = 5;

export class SearchQueryDto {
  @ApiProperty({ description: 'What the user typed: a ticket, order or serial number, SKU, words of a description, a name, an e-mail, a phone number in any format or words of a transcript', example: '(555) 123-4567', maxLength: SEARCH_QUERY_MAX })
  @MaxLength(SEARCH_QUERY_MAX, { message: `Search query must be at most ${SEARCH_QUERY_MAX} characters` })
  @IsNotEmpty({ message: 'Search query is required' })
  @IsString({ message: 'Search query is required' })
  q!: string;
}

export class TicketHitDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'WC-000123' }) ticket_number!: string;
  @ApiProperty({ type: String, nullable: true }) order_number!: string | null;
  @ApiProperty({ type: String, nullable: true }) serial_number!: string | null;
  @ApiProperty({ type: String, nullable: true }) product_sku!: string | null;
  @ApiProperty({ type: String, nullable: true }) product_model!: string | null;
  @ApiProperty() status!: string;
  @ApiProperty() customer_name!: string;
  @ApiProperty({ description: 'The start of the issue description' }) issue_description!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class CustomerHitDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ type: String, nullable: true }) phone!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "The customer's newest ticket (the record search opens)" })
  latest_ticket_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) latest_ticket_number!: string | null;
}

export class CallHitDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['voicemail', 'call'] }) call_type!: string;
  @ApiProperty({ type: String, nullable: true }) from_phone!: string | null;
  @ApiProperty({ type: String, nullable: true }) caller_name!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The start of the transcript' }) transcription!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) ticket_id!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

/** Each group best match first, at most 5. */
export class SearchResultsDto {
  @ApiProperty({ description: 'The query as searched (trimmed)' }) query!: string;
  @ApiProperty({ type: [TicketHitDto] }) tickets!: TicketHitDto[];
  @ApiProperty({ type: [CustomerHitDto] }) customers!: CustomerHitDto[];
  @ApiProperty({ type: [CallHitDto] }) calls!: CallHitDto[];
}
