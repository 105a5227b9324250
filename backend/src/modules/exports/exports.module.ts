import { Module } from '@nestjs/common';
import { AuditLogModule } from '../audit-log/audit-log.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { ExportRunner } from './export-runner.js';
import { ExportsController } from './exports.controller.js';
import { ExportsService } from './exports.service.js';

/** CSV exports of the ticket and customer lists, as durable jobs with progress and an expiring file. */
@Module({
  imports: [NotificationsModule, StorageModule, AuditLogModule],
  controllers: [ExportsController],
  providers: [ExportsService, ExportRunner],
})
export class ExportsModule {}
