import { Module } from '@nestjs/common';
import { CustomerMergeService } from './customer-merge.service.js';
import { CustomerPagesService } from './customer-pages.service.js';
import { CustomersController } from './customers.controller.js';
import { CustomersService } from './customers.service.js';

/**
 * Customers: found or created per organization as tickets arrive (CustomersService), and the
 * customers resource (list, show, edit, merge). Its CustomerHistory is provided by the tickets
 * module (CustomerHistoryModule, global).
 */
@Module({
  controllers: [CustomersController],
  providers: [CustomersService, CustomerPagesService, CustomerMergeService],
  exports: [CustomersService],
})
export class CustomersModule {}
