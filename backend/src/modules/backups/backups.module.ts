import { Module } from '@nestjs/common';
import { DailyBackup } from './daily-backup.service.js';

@Module({ providers: [DailyBackup] })
export class BackupsModule {}
