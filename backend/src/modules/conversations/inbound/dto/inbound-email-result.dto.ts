import { ApiProperty } from '@nestjs/swagger';
import type { InboundEmailOutcome } from '../inbound-email.service.js';

/** What the webhook did with the e-mail. */
export class InboundEmailResultDto {
  @ApiProperty({ enum: ['threaded', 'opened', 'duplicate', 'ignored'], description: 'threaded onto a ticket, opened a new one, already received, or dropped as machine-written' })
  outcome!: 'threaded' | 'opened' | 'duplicate' | 'ignored';
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) ticket_id!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Why it was dropped (ignored)' }) reason!: string | null;
}

export function toInboundEmailResult(o: InboundEmailOutcome): InboundEmailResultDto {
  return { outcome: o.outcome, ticket_id: 'ticketId' in o ? o.ticketId : null, reason: 'reason' in o ? o.reason : null };
}
