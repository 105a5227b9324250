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

export interface BatchHandlerOptions extends JobHandlerOptions {
  /** The most jobs handled in one transaction (the job the queue gave, and the ones claimed with it). */
  batch: number;
}

export interface JobHandlerMeta extends JobHandlerOptions {
  task: string;
  batch?: number;
}

export interface EventHandlerMeta extends JobHandlerOptions {
  eventName: string;
  batch?: number;
}

/** An item a batch handler could not handle now (a failed send), given back as it was received. */
export interface BatchFailure<T> {
  item: T;
  error: unknown;
}

/** What a batch handler answers: the items that failed, each retried on its own; nothing when all went through. */
export type BatchOutcome<T> = Promise<readonly BatchFailure<T>[] | void>;

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

/**
 * Marks a provider method as the handler of a domain event that handles many at once:
 * `(events: E[], ctx: TenantContext, attempt: JobAttempt): BatchOutcome<E>`. Each event still has
 * its own job and receipt (published as with `@OnDomainEvent`); when the queue gives one, the
 * worker claims up to `batch - 1` more queued jobs of the same handler and organization and hands
 * them all over in one transaction, so a burst costs one transaction and a few set-based statements
 * instead of a transaction per event. A retry, and an item that failed in a batch, run on their own.
 */
export const OnDomainEvents = (event: { eventName: string }, options: BatchHandlerOptions): MethodDecorator =>
  SetMetadata<symbol, EventHandlerMeta>(EVENT_HANDLER, { eventName: event.eventName, ...options });

/** `@JobHandler` for a handler of many payloads at once: `(payloads, ctx, attempt): BatchOutcome<P>`, as `@OnDomainEvents`. */
export const JobBatchHandler = (task: string, options: BatchHandlerOptions): MethodDecorator =>
  SetMetadata<symbol, JobHandlerMeta>(JOB_HANDLER, { task, ...options });

/** Marks a provider method `()` as a periodic task: it runs once per period across all instances. */
export const ScheduledTask = (task: string, cron: string): MethodDecorator =>
  SetMetadata<symbol, ScheduledTaskMeta>(SCHEDULED_TASK, { task, cron });
