import { ApiProperty } from '@nestjs/swagger';
import { RECORDED_ACTIVITY_KINDS } from '../ticket-activity.entity.js';

/** The trail's kinds: those other records give (creation, status history, calls), then the recorded ones. */
export const ACTIVITY_KINDS = ['created', 'status_changed', 'call_linked', 'call_returned', ...RECORDED_ACTIVITY_KINDS] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One event of a ticket's activity trail (GET /api/tickets/{id}/activity). */
export class TicketActivityEntryDto {
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ enum: ACTIVITY_KINDS, enumName: 'TicketActivityKind' }) kind!: ActivityKind;
  @ApiProperty({
    description: "Who did it: the user's name, or the channel (Form, Phone call, AI agent, Voicemail, E-mail, Automatic assignment, System)",
    example: 'Maria Lopez',
  })
  actor!: string;
  @ApiProperty({ example: 'Status changed from Open to Pending' }) text!: string;
}
