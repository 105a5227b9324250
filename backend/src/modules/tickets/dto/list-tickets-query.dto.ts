import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';
import { ListQueryDto } from '../../../common/http/list-query.js';
import { SLA_FILTERS } from '../ticket-filters.js';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../ticket.entity.js';
import { TICKET_LIST_VIEWS } from './ticket-response.dto.js';

/**
 * GET /api/tickets: the spec's plain parameters plus react-admin's filter/range/sort. The same keys
 * (and `q`, `ids`) may also be given inside `filter`. Dates are whole UTC days, dateTo inclusive.
 * Validation of the values happens in parseTicketFilters (one place for both spellings).
 */
export class ListTicketsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: TICKET_STATUSES }) @OptionalField() @IsString() status?: string;
  @ApiPropertyOptional({ example: 'IronJack' }) @OptionalField() @IsString() brand?: string;
  @ApiPropertyOptional({ enum: TICKET_PRIORITIES }) @OptionalField() @IsString() priority?: string;
  @ApiPropertyOptional({ format: 'date', example: '2026-01-01' }) @OptionalField() @IsString() dateFrom?: string;
  @ApiPropertyOptional({ format: 'date', example: '2026-01-31', description: 'Inclusive' }) @OptionalField() @IsString() dateTo?: string;
  @ApiPropertyOptional({
    enum: SLA_FILTERS,
    description: 'Unanswered tickets whose respond_by is within the next 4 hours (due_soon) or already passed (overdue)',
  })
  @OptionalField()
  @IsString()
  sla?: string;
  @ApiPropertyOptional({
    description: 'Only the tickets of an assignee: `me` (the signed-in user), `none` (unassigned), or a user id',
    example: 'me',
  })
  @OptionalField()
  @IsString()
  assignee_id?: string;
  @ApiPropertyOptional({ description: 'Search ticket number, customer name, phone, e-mail and description' })
  @OptionalField()
  @IsString()
  q?: string;
  @ApiPropertyOptional({
    description:
      'Where the page starts: the X-Next-Cursor header of the previous page (same filters and sort). Needed past offset 100000; ' +
      'with a cursor, range gives only the page size.',
  })
  @OptionalField()
  @IsString()
  cursor?: string;
  @ApiPropertyOptional({
    enum: TICKET_LIST_VIEWS,
    description: '`row`: each ticket as the ticket list shows it (TicketListRow: number, customer name and phone, brand, model, issue, status, priority, warranty, assignee, created), not the whole ticket',
  })
  @OptionalField()
  @IsIn(TICKET_LIST_VIEWS, { message: `view must be one of: ${TICKET_LIST_VIEWS.join(', ')}` })
  view?: (typeof TICKET_LIST_VIEWS)[number];
}

export class RecentTicketsQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 10 })
  @OptionalField()
  @Type(() => Number)
  @Max(50, { message: 'limit must be between 1 and 50' })
  @Min(1, { message: 'limit must be between 1 and 50' })
  @IsInt({ message: 'limit must be between 1 and 50' })
  limit?: number;
}

/** GET /api/tickets/assignment-counts: the filter sidebar's counts. */
export class AssignmentCountsDto {
  @ApiProperty({ example: 12, description: 'Tickets assigned to the signed-in user' }) assigned_to_me!: number;
  @ApiProperty({ example: 40, description: 'Tickets without an assignee' }) unassigned!: number;
}
