import { SetMetadata } from '@nestjs/common';

export const JOB_HANDLER = Symbol('job-handler');
export const EVENT_HANDLER = Symbol('domain-event-handler');
export const SCHEDULED_TASK = Symbol('scheduled-task');

export interface JobHandlerOptions {
  /** Attempts before the job is kept as failed (default: the configured JOBS_MAX_ATTEMPTS). */
  maxAttempts?: number;
}

/**
 * Which attempt of its job a handler is running (1-based), out of how many: the third argument of
 * every job and event handler. A handler that records a final failure itself (a customer e-mail
 * that could not be sent) knows from it that no retry follows.
 */
export interface JobAttempt {
  attempt: number;
  maxAttempts: number;
}

export interface JobHandlerMeta extends JobHandlerOptions {
  task: string;
}

export interface EventHandlerMeta extends JobHandlerOptions {
  eventName: string;
}

export interface ScheduledTaskMeta {
  task: string;
  /** A five-field crontab pattern in UTC (minute hour day month weekday). */
  cron: string;
}

/**
 * Marks a provider method as the handler of a queued job: `(payload, ctx: TenantContext, attempt: JobAttempt)`. It runs
 * in a transaction of the payload's organization; a throw retries it with backoff.
 */
export const JobHandler = (task: string, options: JobHandlerOptions = {}): MethodDecorator =>
  SetMetadata<symbol, JobHandlerMeta>(JOB_HANDLER, { task, ...options });

/**
 * Marks a provider method as a handler of a domain event: `(event, ctx: TenantContext, attempt: JobAttempt)`. Each
 * handler of each published event is its own job: retried on its own, and acting at most once.
 */
export const OnDomainEvent = (event: { eventName: string }, options: JobHandlerOptions = {}): MethodDecorator =>
  SetMetadata<symbol, EventHandlerMeta>(EVENT_HANDLER, { eventName: event.eventName, ...options });

/** Marks a provider method `()` as a periodic task: it runs once per period across all instances. */
export const ScheduledTask = (task: string, cron: string): MethodDecorator =>
  SetMetadata<symbol, ScheduledTaskMeta>(SCHEDULED_TASK, { task, cron });
