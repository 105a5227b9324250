import { MikroOrmModule } from '@mikro-orm/nestjs';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { ScheduleModule } from '@nestjs/schedule';
import { SessionAuthGuard } from './common/auth/session-auth.guard.js';
import { SecretBox } from './common/crypto/secret-box.js';
import { HttpExceptionFilter } from './common/errors/http-exception.filter.js';
import { DomainEvents } from './common/events/domain-event.js';
import { createValidationPipe } from './common/http/validation.pipe.js';
import { APP_CONFIG, type AppConfig } from './config/config.js';
import { buildOrmOptions } from './database/mikro-orm.config.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CallLogsModule } from './modules/call-logs/call-logs.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { StorageModule } from './modules/storage/storage.module.js';
import { TicketsModule } from './modules/tickets/tickets.module.js';
import { OrganizationsModule } from './modules/organizations/organizations.module.js';
import { UsersModule } from './modules/users/users.module.js';

/** Config, the event publisher and the secret box, available to every module. */
@Global()
@Module({})
class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: SecretBox, useValue: new SecretBox(config.appSecret) },
        DomainEvents,
      ],
      exports: [APP_CONFIG, SecretBox, DomainEvents],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        MikroOrmModule.forRoot({ ...buildOrmOptions(databaseUrl), registerRequestContext: true }),
        EventEmitterModule.forRoot({ wildcard: false, ignoreErrors: false }),
        ScheduleModule.forRoot(),
        HealthModule,
        AuthModule,
        NotificationsModule,
        CallLogsModule,
        TicketsModule,
        SettingsModule,
        UsersModule,
        OrganizationsModule,
        StorageModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: SessionAuthGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
