import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { JobRegistry } from '../jobs/job-registry.js';
import { type JobPayload, type JobRow, Jobs, RECEIPT_FIELD } from '../jobs/jobs.js';

/**
 * A domain event: a plain class with a static `eventName`, carrying ids, never entities, and the
 * organization it belongs to (its handlers run scoped to that organization).
 */
export abstract class DomainEvent {
  static readonly eventName: string;
  abstract readonly organizationId: string;
}

type EventClass = { eventName: string };

/** The payload of an event handler's job. */
export interface EventJobPayload extends JobPayload {
  eventId: string;
  event: Record<string, unknown>;
  [RECEIPT_FIELD]: string;
}

/**
 * The transactional outbox: `publish` writes one job per handler of the event on the caller's
 * transaction, so a rollback publishes nothing and a commit cannot lose it. Handlers
 * (`@OnDomainEvent`) run as jobs after the commit, retried with backoff, each at most once.
 */
@Injectable()
export class DomainEvents {
  constructor(
    private readonly registry: JobRegistry,
    private readonly jobs: Jobs,
  ) {}

  async publish(em: EntityManager, event: DomainEvent): Promise<void> {
    if (!em.isInTransaction()) {
      throw new Error('DomainEvents.publish must be called inside em.transactional(), with its EntityManager');
    }
    // One statement for all of the event's handlers.
    await this.jobs.addMany(em, this.jobsOf(event));
  }

  /**
   * `publish` as a statement with its `?` values, for a caller that writes the event within a
   * statement of its own, as a CTE (Jobs.outboxStatement), with the number of its jobs; null when
   * nothing handles it. `quiet` (outside a transaction only, where the statement's end is its
   * commit): no NOTIFY in the statement where it can be done (answered in `quiet`); the caller then
   * announces `jobs` after it (queueWake).
   */
  publication(event: DomainEvent, quiet: boolean): { sql: string; params: unknown[]; jobs: number; quiet: boolean } | null {
    const jobs = this.jobsOf(event);
    return jobs.length ? { ...this.jobs.outboxStatement(jobs, quiet), jobs: jobs.length } : null;
  }

  /**
   * One job per handler of the event, each with its receipt. No graphile-worker job key: the
   * receipt is new, so a key would replace nothing, and add_jobs would look each one up in the
   * queue's key index inside the create's statement (job_receipts is what makes a handler run once).
   */
  private jobsOf(event: DomainEvent): JobRow[] {
    const name = (event.constructor as unknown as EventClass).eventName;
    const eventId = randomUUID();
    return this.registry.handlersOf(name).map((handler) => {
      const payload: EventJobPayload = {
        organizationId: event.organizationId,
        eventId,
        event: { ...event },
        [RECEIPT_FIELD]: `${eventId}:${handler.task}`,
      };
      return { task: handler.task, payload, options: { maxAttempts: handler.maxAttempts } };
    });
  }
}
