import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsUUID } from 'class-validator';
import { OptionalField } from '../../../../common/http/optional.js';

/** Settings → Tickets: automatic assignment of new tickets, round-robin among the chosen agents. */
export class AutoAssignmentDto {
  @ApiProperty({ description: 'New tickets are assigned automatically' }) enabled!: boolean;
  @ApiProperty({ type: [String], format: 'uuid', description: 'The users new tickets rotate among, in turn order (removed users are left out)' })
  agent_ids!: string[];
}

export class UpdateAutoAssignmentDto {
  @ApiPropertyOptional()
  @OptionalField()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;

  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: 200 })
  @OptionalField()
  @IsUUID('all', { each: true, message: 'Every agent must be a user id' })
  @ArrayMaxSize(200, { message: 'At most 200 agents can rotate' })
  @IsArray({ message: 'agent_ids must be a list of user ids' })
  agent_ids?: string[];
}
