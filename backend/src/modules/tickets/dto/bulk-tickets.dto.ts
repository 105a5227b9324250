import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsNotEmpty, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { ASSIGNEE_ID_MESSAGE } from './update-ticket.dto.js';
import { oneOfMessage } from '@warranty-crm/contract';
import { OptionalField } from '../../../common/http/optional.js';
import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus } from '../ticket.entity.js';

export const MAX_BULK = 1000;

export class BulkDeleteTicketsDto {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: MAX_BULK })
  @IsUUID('all', { each: true, message: 'Every ticket id must be a UUID' })
  @ArrayMaxSize(MAX_BULK, { message: `At most ${MAX_BULK} tickets can be changed at once` })
  @ArrayNotEmpty({ message: 'Select at least one ticket' })
  @IsArray({ message: 'ticketIds must be a list of ticket ids' })
  ticketIds!: string[];
}

/** The spec's ticketIds and status; or priority (the bulk bar's Priority), or the assignee, or several. */
export class BulkUpdateTicketsDto extends BulkDeleteTicketsDto {
  @ApiPropertyOptional({ enum: TICKET_STATUSES, description: 'Required unless priority or assignee_id is sent' })
  @ValidateIf((o: BulkUpdateTicketsDto) => o.status !== undefined || (o.priority === undefined && o.assignee_id === undefined))
  @IsIn(TICKET_STATUSES, { message: oneOfMessage('Status', TICKET_STATUSES) })
  @IsNotEmpty({ message: 'Status is required' })
  status?: TicketStatus;

  @ApiPropertyOptional({ enum: TICKET_PRIORITIES, description: 'Sets the priority too (recorded in each changed ticket\'s activity)' })
  @OptionalField()
  @IsIn(TICKET_PRIORITIES, { message: oneOfMessage('Priority', TICKET_PRIORITIES) })
  priority?: TicketPriority;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    format: 'uuid',
    description: "Assigns every ticket to this user of the organization (null unassigns them); each changed ticket's activity records it",
  })
  @IsOptional()
  @IsUUID('all', { message: ASSIGNEE_ID_MESSAGE })
  assignee_id?: string | null;
}

export class BulkUpdatedDto {
  @ApiProperty({ example: 3, description: "Tickets of the organization that now have the status and priority sent (others' ids are not counted)" })
  updated!: number;
}

export class BulkDeletedDto {
  @ApiProperty({ example: 3, description: "Tickets of the organization deleted (others' ids are not counted)" })
  deleted!: number;
}
