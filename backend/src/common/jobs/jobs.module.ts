import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DomainEvents } from '../events/domain-event.js';
import { TenantRunner } from '../tenancy/tenant-runner.js';
import { JobBatches } from './job-batches.js';
import { JobRegistry } from './job-registry.js';
import { JobWorker } from './job-worker.js';
import { Jobs } from './jobs.js';
import { JobsController } from './jobs.controller.js';
import { JobsStatusService } from './jobs-status.service.js';

/** Work outside the request: the tenant runner, the outbox, the queue and its worker, for every module. */
@Global()
@Module({
  imports: [DiscoveryModule],
  controllers: [JobsController],
  providers: [JobRegistry, Jobs, DomainEvents, TenantRunner, JobBatches, JobWorker, JobsStatusService],
  exports: [Jobs, DomainEvents, TenantRunner, JobsStatusService],
})
export class JobsModule {}
