import { Module } from '@nestjs/common';
import { RetellClients } from '../../integrations/retell/retell-clients.js';
import { ProductWarrantyTerms } from './products/product-warranty-terms.js';
import { ProductImportController } from './products/product-import.controller.js';
import { ProductImportService } from './products/product-import.service.js';
import { ProductsController } from './products/products.controller.js';
import { ProductsService } from './products/products.service.js';
import { RetellAgentService } from './retell-agent.service.js';
import { RetellOpeningListener } from './listeners/retell-opening.listener.js';
import { SettingsController } from './settings.controller.js';
import { IntakeCache } from './intake-cache.js';
import { SettingsService } from './settings.service.js';
import { WebhooksController } from './webhooks/webhooks.controller.js';
import { WebhooksService } from './webhooks/webhooks.service.js';

@Module({
  controllers: [SettingsController, ProductImportController, ProductsController, WebhooksController],
  providers: [SettingsService, IntakeCache, ProductsService, ProductImportService, ProductWarrantyTerms, WebhooksService, RetellClients, RetellAgentService, RetellOpeningListener],
  exports: [SettingsService, ProductWarrantyTerms, WebhooksService],
})
export class SettingsModule {}
