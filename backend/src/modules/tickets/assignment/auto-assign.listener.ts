import { Injectable } from '@nestjs/common';
import { type BatchOutcome, OnDomainEvents } from '../../../common/jobs/job-decorators.js';
import type { TenantContext } from '../../../common/tenancy/tenant-runner.js';
import { TicketCreatedEvent } from '../events/ticket-created.event.js';
import { AutoAssignment } from './auto-assignment.service.js';

/** Gives each new ticket (any intake) to the next agent of the organization's rotation, when it is on. */
@Injectable()
export class AutoAssignListener {
  constructor(private readonly auto: AutoAssignment) {}

  /** A burst of creates in one transaction: with the rotation off, two statements for all of them. */
  @OnDomainEvents(TicketCreatedEvent, { batch: 100 })
  async onTicketCreated(events: TicketCreatedEvent[], { em, organizationId }: TenantContext): BatchOutcome<TicketCreatedEvent> {
    await this.auto.assignNew(em, organizationId, events.map((e) => e.ticketId));
  }
}
