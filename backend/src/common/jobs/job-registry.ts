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

export interface CronTask extends ScheduledTaskMeta {
  handle(): Promise<void>;
}

/** The job, event and scheduled-task handlers declared on providers, found once at boot. */
@Injectable()
export class JobRegistry implements OnModuleInit {
  readonly tenantTasks = new Map<string, TenantTask>();
  readonly cronTasks = new Map<string, CronTask>();
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
  }

  handlersOf(eventName: string): readonly TenantTask[] {
    return this.byEvent.get(eventName) ?? [];
  }

  private addTenantTask(task: TenantTask): void {
    if (this.tenantTasks.has(task.task) || this.cronTasks.has(task.task)) throw new Error(`Job handler ${task.task} is declared twice`);
    this.tenantTasks.set(task.task, task);
  }
}
