import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { LocalDiskDriver } from './drivers/local-disk.driver.js';
import { S3Driver } from './drivers/s3.driver.js';
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
      useFactory: (config: AppConfig): StorageDriver =>
        config.s3 ? new S3Driver(config.s3) : new LocalDiskDriver(config.dataDir, new UrlSigner(config.appSecret), config.publicBaseUrl),
    },
    StorageService,
  ],
  exports: [StorageService],
})
export class StorageModule {}
