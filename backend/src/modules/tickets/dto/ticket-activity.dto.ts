import { ApiProperty } from '@nestjs/swagger';

export const ACTIVITY_KINDS = [
  'created',
  'status_changed',
  'note',
  'description_edited',
  'priority_changed',
  'purchase_verification',
  'call_linked',
  'call_returned',
  'confirmation_email',
  'attachment_added',
  'attachment_removed',
  'merged_into',
  'merged_from',
  'assigned',
  'warranty_decision',
  'resolution_created',
  'resolution_changed',
] as const;
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
