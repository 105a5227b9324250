import { Injectable } from '@nestjs/common';
import { OnDomainEvent } from '../../../common/jobs/job-decorators.js';
import type { TenantContext } from '../../../common/tenancy/tenant-runner.js';
import { TicketCreatedEvent } from '../events/ticket-created.event.js';
import { AutoAssignment } from './auto-assignment.service.js';

/** Gives each new ticket (any intake) to the next agent of the organization's rotation, when it is on. */
@Injectable()
export class AutoAssignListener {
  constructor(private readonly auto: AutoAssignment) {}

  @OnDomainEvent(TicketCreatedEvent)
  async onTicketCreated(event: TicketCreatedEvent, { em, organizationId }: TenantContext): Promise<void> {
    await this.auto.assignNew(em, organizationId, event.ticketId);
  }
}
