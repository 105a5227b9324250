import { ApiProperty } from '@nestjs/swagger';

export class JobCountsDto {
  @ApiProperty({ description: 'Waiting for a worker' }) queued!: number;
  @ApiProperty({ description: 'Waiting for their time' }) scheduled!: number;
  @ApiProperty({ description: 'Being worked on' }) running!: number;
  @ApiProperty({ description: 'Failed at least once, will be tried again' }) retrying!: number;
  @ApiProperty({ description: 'Out of attempts, kept for an operator' }) failed!: number;
  @ApiProperty({ description: 'Finished in the last 24 hours' }) completed_24h!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "The queue's latency: how long the oldest job waiting for a worker has waited, in seconds (null when none waits)",
  })
  oldest_queued_seconds!: number | null;
}

export class JobFailureDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'event:ticket.created:NotifyListener.onTicketCreated' }) task!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty() max_attempts!: number;
  @ApiProperty({ enum: ['retrying', 'failed'] }) state!: 'retrying' | 'failed';
  @ApiProperty({ description: 'The last error message (no payload)' }) last_error!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) next_attempt_at!: string | null;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class JobsOverviewDto {
  @ApiProperty({ type: JobCountsDto }) counts!: JobCountsDto;
  @ApiProperty({ type: [JobFailureDto], description: 'The 20 most recent jobs with an error' }) recent_failures!: JobFailureDto[];
}
