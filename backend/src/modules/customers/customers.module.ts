import { Module } from '@nestjs/common';
import { CustomersService } from './customers.service.js';

/** Customers are found or created per organization as tickets arrive (no API of their own yet). */
@Module({
  providers: [CustomersService],
  exports: [CustomersService],
})
export class CustomersModule {}
