import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsNotEmpty, IsUUID } from 'class-validator';
import { oneOfMessage } from '@warranty-crm/contract';
import { TICKET_STATUSES, type TicketStatus } from '../ticket.entity.js';

export const MAX_BULK = 1000;

export class BulkDeleteTicketsDto {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: MAX_BULK })
  @IsUUID('all', { each: true, message: 'Every ticket id must be a UUID' })
  @ArrayMaxSize(MAX_BULK, { message: `At most ${MAX_BULK} tickets can be changed at once` })
  @ArrayNotEmpty({ message: 'Select at least one ticket' })
  @IsArray({ message: 'ticketIds must be a list of ticket ids' })
  ticketIds!: string[];
}

export class BulkUpdateTicketsDto extends BulkDeleteTicketsDto {
  @ApiProperty({ enum: TICKET_STATUSES })
  @IsIn(TICKET_STATUSES, { message: oneOfMessage('Status', TICKET_STATUSES) })
  @IsNotEmpty({ message: 'Status is required' })
  status!: TicketStatus;
}

export class BulkUpdatedDto {
  @ApiProperty({ example: 3, description: "Tickets of the organization that now have the status (others' ids are not counted)" })
  updated!: number;
}

export class BulkDeletedDto {
  @ApiProperty({ example: 3, description: "Tickets of the organization deleted (others' ids are not counted)" })
  deleted!: number;
}
