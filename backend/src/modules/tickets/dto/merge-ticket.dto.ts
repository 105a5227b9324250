import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { TicketResponseDto } from './ticket-response.dto.js';

/** POST /api/tickets/{id}/merge: the ticket {id} is merged into `into_ticket_id`. */
export class MergeTicketDto {
  @ApiProperty({ format: 'uuid', description: 'The ticket that keeps the claim (the one this is a duplicate of)' })
  @IsUUID('all', { message: 'into_ticket_id must be the id of a ticket' })
  into_ticket_id!: string;
}

export class TicketMergeResultDto {
  @ApiProperty({ type: TicketResponseDto, description: 'The ticket merged into, as it is now' }) ticket!: TicketResponseDto;
  @ApiProperty({ type: TicketResponseDto, description: 'The merged ticket: Closed, merged_into_id set' }) merged_ticket!: TicketResponseDto;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { calls: 1, notes: 2, messages: 3 },
    description: 'How many records of each kind moved to the ticket merged into',
  })
  moved!: Record<string, number>;
}
