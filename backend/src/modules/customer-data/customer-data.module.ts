import { Module } from '@nestjs/common';
import { TwilioModule } from '../../integrations/twilio/twilio.module.js';
import { AuditLogModule } from '../audit-log/audit-log.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { CustomerDataController } from './customer-data.controller.js';
import { CustomerErasureService } from './customer-erasure.service.js';

/** A customer's data on request (issue 35): erasure (the export is a kind of exports/). */
@Module({
  imports: [TwilioModule, OrganizationsModule, StorageModule, AuditLogModule],
  controllers: [CustomerDataController],
  providers: [CustomerErasureService],
})
export class CustomerDataModule {}
