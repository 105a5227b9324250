import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { oneOfMessage } from '@warranty-crm/contract';
import { OptionalField } from '../../../common/http/optional.js';
import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus } from '../ticket.entity.js';

export const ASSIGNEE_ID_MESSAGE = 'assignee_id must be the id of a user of your organization, or null';

/**
 * PATCH /api/tickets/{id}: any of these; the admin's Add Note sends the whole appended description.
 * None is nullable but assignee_id (null unassigns): null is a 400 with the field's message.
 */
export class UpdateTicketDto {
  @ApiPropertyOptional({ enum: TICKET_STATUSES })
  @OptionalField()
  @IsIn(TICKET_STATUSES, { message: oneOfMessage('Status', TICKET_STATUSES) })
  status?: TicketStatus;

  @ApiPropertyOptional({ enum: TICKET_PRIORITIES })
  @OptionalField()
  @IsIn(TICKET_PRIORITIES, { message: oneOfMessage('Priority', TICKET_PRIORITIES) })
  priority?: TicketPriority;

  @ApiPropertyOptional({ description: 'The whole description (notes are appended by the client)', maxLength: 100000 })
  @OptionalField()
  @MaxLength(100000, { message: 'Issue description must be at most 100000 characters' })
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? '' : value))
  @IsNotEmpty({ message: 'Issue description cannot be empty' })
  @IsString({ message: 'Issue description cannot be empty' })
  issue_description?: string;

  @ApiPropertyOptional()
  @OptionalField()
  @IsBoolean({ message: 'purchase_verified must be true or false' })
  purchase_verified?: boolean;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    format: 'uuid',
    description: 'Assign the ticket to this user of the organization; null unassigns it. Another organization\'s user is a 404.',
  })
  @IsOptional()
  @IsUUID('all', { message: ASSIGNEE_ID_MESSAGE })
  assignee_id?: string | null;
}
