import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { LocalDiskDriver } from './drivers/local-disk.driver.js';
import { STORAGE_DRIVER, type StorageDriver } from './drivers/storage-driver.js';
import { StorageController } from './storage.controller.js';
import { StorageService } from './storage.service.js';
import { UrlSigner } from './url-signer.js';

/** Uploaded files. Other modules use StorageService: claim, remove, signedReadUrl. */
@Module({
  controllers: [StorageController],
  providers: [
    {
      provide: STORAGE_DRIVER,
      inject: [APP_CONFIG],
      // The AWS SDK is loaded only when S3 is configured (it is a large library most installations never use).
      useFactory: async (config: AppConfig): Promise<StorageDriver> =>
        config.s3
          ? new (await import('./drivers/s3.driver.js')).S3Driver(config.s3)
          : new LocalDiskDriver(config.dataDir, new UrlSigner(config.appSecret), config.publicBaseUrl),
    },
    StorageService,
  ],
  exports: [StorageService],
})
export class StorageModule {}
