import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { CLOSED_TICKET_ACTIONS, type ClosedTicketAction, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, RETENTION_MESSAGES } from '@warranty-crm/contract';
import { OptionalField } from '../../../common/http/optional.js';

/** A period in whole days within the bounds; null keeps forever, omitted leaves it as it is. */
const Days = (): PropertyDecorator => (target, key) => {
  ValidateIf((_: object, value: unknown) => value !== undefined && value !== null)(target, key);
  Max(RETENTION_DAYS_MAX, { message: RETENTION_MESSAGES.days })(target, key);
  Min(RETENTION_DAYS_MIN, { message: RETENTION_MESSAGES.days })(target, key);
  IsInt({ message: RETENTION_MESSAGES.days })(target, key);
};

const daysDoc = (what: string) => ({
  nullable: true,
  type: Number,
  minimum: RETENTION_DAYS_MIN,
  maximum: RETENTION_DAYS_MAX,
  description: `Days ${what} are kept; null keeps them forever`,
});

/** GET/PUT /api/settings/retention: the organization's retention policy. */
export class RetentionPolicyDto {
  @ApiProperty({ ...daysDoc('call recordings'), example: 365 }) recordings_days!: number | null;
  @ApiProperty({ ...daysDoc('ticket attachments'), example: null }) attachments_days!: number | null;
  @ApiProperty({ ...daysDoc('closed tickets (since their last change)'), example: 730 }) closed_tickets_days!: number | null;
  @ApiProperty({ enum: CLOSED_TICKET_ACTIONS, description: 'What happens to a closed ticket past its period' }) closed_tickets_action!: ClosedTicketAction;
  @ApiProperty({ description: 'Whether the daily task applies the policy' }) enabled!: boolean;
  @ApiProperty({ nullable: true, type: Date, description: 'The last dry run of the periods as they are; null after a change' }) dry_run_at!: Date | null;
  @ApiProperty({ nullable: true, type: Date, description: 'When the task last applied the policy' }) last_run_at!: Date | null;
}

/**
 * PUT /api/settings/retention: any subset. A change of a period or of the action turns the policy
 * off until a new dry run; `enabled: true` needs a dry run of the periods as they are and at least one period.
 */
export class UpdateRetentionPolicyDto {
  @ApiPropertyOptional(daysDoc('call recordings'))
  @Days()
  recordings_days?: number | null;

  @ApiPropertyOptional(daysDoc('ticket attachments'))
  @Days()
  attachments_days?: number | null;

  @ApiPropertyOptional(daysDoc('closed tickets (since their last change)'))
  @Days()
  closed_tickets_days?: number | null;

  @ApiPropertyOptional({ enum: CLOSED_TICKET_ACTIONS })
  @OptionalField()
  @IsIn(CLOSED_TICKET_ACTIONS, { message: RETENTION_MESSAGES.action })
  closed_tickets_action?: ClosedTicketAction;

  @ApiPropertyOptional({ description: 'Turn the daily task on (after a dry run) or off' })
  @OptionalField()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;
}

/** POST /api/settings/retention/dry-run: what the policy would delete or anonymise now; nothing is changed. */
export class RetentionDryRunDto {
  @ApiProperty({ example: 12, description: 'Call recordings that would be deleted (here and at Twilio)' }) recordings!: number;
  @ApiProperty({ example: 3, description: 'Attachments that would be deleted (rows and files)' }) attachments!: number;
  @ApiProperty({ example: 40, description: 'Closed tickets that would be deleted or anonymised' }) closed_tickets!: number;
  @ApiProperty({ enum: CLOSED_TICKET_ACTIONS }) closed_tickets_action!: ClosedTicketAction;
  @ApiProperty({ description: 'The moment the counts are for' }) as_of!: Date;
}
