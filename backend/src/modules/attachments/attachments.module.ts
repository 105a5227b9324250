import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { AttachmentJobs } from './attachment-jobs.js';
import { AttachmentsController } from './attachments.controller.js';
import { AttachmentsService } from './attachments.service.js';

/** Claim evidence: files on tickets (issue 30). Exports AttachmentsService for the inbound e-mail's attachFromBuffer. */
@Module({
  imports: [TicketsModule, StorageModule],
  controllers: [AttachmentsController],
  providers: [AttachmentsService, AttachmentJobs],
  exports: [AttachmentsService],
})
export class AttachmentsModule {}
