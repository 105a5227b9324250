import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { TenantContext } from '../tenancy/tenant-runner.js';
import {
  EVENT_HANDLER,
  type JobAttempt,
  type EventHandlerMeta,
  JOB_HANDLER,
  type JobHandlerMeta,
  SCHEDULED_TASK,
  type ScheduledTaskMeta,
} from './job-decorators.js';

/** A handler that runs in a tenant transaction, at most once per receipt key. */
export interface TenantTask {
  kind: 'job' | 'event';
  task: string;
  maxAttempts?: number;
  /** For event handlers: the event's name, to rebuild the event object for the handler. */
  eventName?: string;
  /** A batch handler's most items per transaction (`@OnDomainEvents`, `@JobBatchHandler`); absent: one at a time. */
  batch?: number;
  /** One payload (or event), or for a batch handler a list of them, answering the ones that failed. */
  handle(payload: unknown, ctx: TenantContext, attempt: JobAttempt): Promise<unknown>;
}

/**
 * The one job an event with several handlers is published as (`event:<name>`): its handlers run in
 * it, each on its own savepoint and with its own receipt, and one that fails is retried as a job of
 * its own (job-batches.ts, runEvent). An event with one handler is published as that handler's job.
 */
export interface EventJob {
  task: string;
  eventName: string;
  handlers: readonly TenantTask[];
  /**
   * The most events handled in one transaction: the smallest of the batch handlers' (each batch
   * handler gets them all at once, a one-at-a-time handler each on its own); 1 when none batches.
   */
  batch: number;
}

export interface CronTask extends ScheduledTaskMeta {
  handle(): Promise<void>;
}

/** The job, event and scheduled-task handlers declared on providers, found once at boot. */
@Injectable()
export class JobRegistry implements OnModuleInit {
  readonly tenantTasks = new Map<string, TenantTask>();
  readonly cronTasks = new Map<string, CronTask>();
  /** By the job's task name (`event:<name>`): the events with more than one handler. */
  readonly eventJobs = new Map<string, EventJob>();
  private readonly byEvent = new Map<string, TenantTask[]>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = instance[method] as (...args: unknown[]) => Promise<unknown>;
        const owner = `${prototype.constructor.name}.${method}`;
        const job = this.reflector.get<JobHandlerMeta | undefined>(JOB_HANDLER, fn);
        if (job) this.addTenantTask({ kind: 'job', task: job.task, maxAttempts: job.maxAttempts, batch: job.batch, handle: (p, ctx, attempt) => fn.call(instance, p, ctx, attempt) });
        const event = this.reflector.get<EventHandlerMeta | undefined>(EVENT_HANDLER, fn);
        if (event) {
          const task = `event:${event.eventName}:${owner}`;
          const handler: TenantTask = {
            kind: 'event',
            task,
            eventName: event.eventName,
            maxAttempts: event.maxAttempts,
            batch: event.batch,
            handle: (p, ctx, attempt) => fn.call(instance, p, ctx, attempt),
          };
          this.addTenantTask(handler);
          this.byEvent.set(event.eventName, [...(this.byEvent.get(event.eventName) ?? []), handler]);
        }
        const cron = this.reflector.get<ScheduledTaskMeta | undefined>(SCHEDULED_TASK, fn);
        if (cron) {
          if (this.cronTasks.has(cron.task)) throw new Error(`Scheduled task ${cron.task} is declared twice`);
          this.cronTasks.set(cron.task, { ...cron, handle: async () => void (await fn.call(instance)) });
        }
      }
    }
    for (const [eventName, handlers] of this.byEvent) {
      if (handlers.length < 2) continue;
      const batches = handlers.flatMap((handler) => (handler.batch ? [handler.batch] : []));
      const job: EventJob = { task: `event:${eventName}`, eventName, handlers, batch: batches.length ? Math.min(...batches) : 1 };
      if (this.tenantTasks.has(job.task) || this.cronTasks.has(job.task)) throw new Error(`Job handler ${job.task} is declared twice`);
      this.eventJobs.set(job.task, job);
    }
  }

  /** The job an event is published as when it has several handlers; undefined when it has one or none. */
  eventJobOf(eventName: string): EventJob | undefined {
    return this.eventJobs.get(`event:${eventName}`);
  }

  handlersOf(eventName: string): readonly TenantTask[] {
    return this.byEvent.get(eventName) ?? [];
  }

  private addTenantTask(task: TenantTask): void {
    if (this.tenantTasks.has(task.task) || this.cronTasks.has(task.task)) throw new Error(`Job handler ${task.task} is declared twice`);
    this.tenantTasks.set(task.task, task);
  }
}
