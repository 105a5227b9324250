/**
 * The app as the queue benchmark boots it: the built backend (backend/dist) plus a module with one
 * no-op handler of a bench-only event. Shared by the publisher (bench/queue.ts, JOBS_WORKER=false)
 * and the worker processes (bench/queue-worker.ts, JOBS_WORKER=true); the publisher needs the
 * handler too, since `DomainEvents.publish` writes one job per handler it knows of.
 *
 * Type stripping runs no decorators, so the Nest metadata is applied with plain calls.
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createApp } from '../backend/dist/bootstrap.js';
import { DomainEvent } from '../backend/dist/common/events/domain-event.js';
import { OnDomainEvent } from '../backend/dist/common/jobs/job-decorators.js';
import { loadConfig } from '../backend/dist/config/config.js';

/** Milliseconds on the system's monotonic clock (CLOCK_MONOTONIC), comparable across processes of one machine. */
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export class BenchEvent extends DomainEvent {
  static eventName = 'bench.noop';
  organizationId: string;
  key: string;

  constructor(organizationId: string, key: string) {
    super();
    this.organizationId = organizationId;
    this.key = key;
  }
}

/** What a worker tells the publisher: which events' handlers started, and when. */
export interface HandledMessage {
  type: 'handled';
  pid: number;
  starts: [key: string, startedAt: number][];
}

/** Handler starts not yet sent to the parent, flushed once per turn of the event loop. */
const pending: HandledMessage['starts'] = [];
let flushScheduled = false;

export function flushHandled(): void {
  flushScheduled = false;
  if (!pending.length || !process.send) return;
  const message: HandledMessage = { type: 'handled', pid: process.pid, starts: pending.splice(0) };
  process.send(message);
}

/** The no-op handler: it notes when it started and does nothing else. */
export class BenchHandler {
  handle(event: { key: string }): Promise<void> {
    pending.push([event.key, now()]);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flushHandled);
    }
    return Promise.resolve();
  }
}
Injectable()(BenchHandler);
OnDomainEvent(BenchEvent)(BenchHandler.prototype, 'handle', Object.getOwnPropertyDescriptor(BenchHandler.prototype, 'handle')!);

export class BenchModule {}
Module({ providers: [BenchHandler] })(BenchModule);

/** The whole app (no HTTP listener) on `databaseUrl`, working the queue or only publishing. */
export function bootApp(databaseUrl: string, dataDir: string, worker: boolean) {
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_BASE_URL: 'http://127.0.0.1:3999',
    DATABASE_URL: databaseUrl,
    JOBS_WORKER: String(worker),
    // The app's defaults unless the caller sets them (they are reported with the figures).
    JOBS_CONCURRENCY: process.env.JOBS_CONCURRENCY,
    JOBS_POLL_INTERVAL_MS: process.env.JOBS_POLL_INTERVAL_MS,
  });
  return createApp(config, databaseUrl, { logger: ['error', 'warn'], imports: [BenchModule] } as never).then((created) => ({ created, config }));
}
