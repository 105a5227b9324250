import { Module } from '@nestjs/common';
import { WelcomeListener } from './listeners/welcome.listener.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsService } from './notifications.service.js';

@Module({
  controllers: [NotificationsController],
  providers: [NotificationsService, WelcomeListener],
})
export class NotificationsModule {}
