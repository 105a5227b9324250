import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../../../common/events/domain-event.js';
import { ScheduledTask } from '../../../common/jobs/job-decorators.js';
import { TenantRunner } from '../../../common/tenancy/tenant-runner.js';
import { TicketOverdueEvent } from '../events/ticket-overdue.event.js';
import { Ticket } from '../../tickets/ticket.entity.js';

/** Tickets marked per transaction, and transactions per run (a backlog drains over the next minutes). */
const BATCH = 500;
const ROUNDS_PER_RUN = 50;

/**
 * The response promises' clock: every minute (once across instances) it finds the tickets that
 * reached their respond_by without a response and not yet reported, marks each one's
 * overdue_notified_at and publishes `ticket.overdue` in the same transaction, so each ticket is
 * reported exactly once (the notifications module turns it into `ticket_overdue`).
 */
@Injectable()
export class OverdueTickets {
  constructor(
    private readonly tenants: TenantRunner,
    private readonly events: DomainEvents,
  ) {}

  @ScheduledTask('tickets.overdue-scan', '* * * * *')
  async raiseOverdue(now: Date = new Date()): Promise<number> {
    const due = { respondedAt: null, overdueNotifiedAt: null, respondBy: { $lte: now } };
    // Organizations whose due rows another run holds right now (the other instance's scan): left to
    // it, and this run goes on with the others instead of stopping there.
    const held: string[] = [];
    let raised = 0;
    for (let round = 0; round < ROUNDS_PER_RUN; round += 1) {
      const organizationId = await this.tenants.organizationOf(Ticket, held.length ? { ...due, organization: { $nin: held } } : due);
      if (!organizationId) break;
      const marked = await this.tenants.run(organizationId, async ({ em }) => {
        // Rows another transaction holds (an agent answering right now) are left to the next run.
        const tickets = await em.getRepository(Ticket).lockOverdueBatch(now, BATCH);
        for (const ticket of tickets) {
          ticket.overdueNotifiedAt = now;
          await this.events.publish(em, new TicketOverdueEvent(organizationId, ticket.id));
        }
        await em.flush();
        return tickets.length;
      });
      if (!marked) {
        held.push(organizationId);
        continue;
      }
      raised += marked;
    }
    return raised;
  }
}
