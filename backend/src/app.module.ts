import { MikroOrmModule } from '@mikro-orm/nestjs';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { SessionAuthGuard } from './common/auth/session-auth.guard.js';
import { SecretBox } from './common/crypto/secret-box.js';
import { HttpExceptionFilter } from './common/errors/http-exception.filter.js';
import { JobsModule } from './common/jobs/jobs.module.js';
import { LiveModule } from './common/live/live.module.js';
import { createValidationPipe } from './common/http/validation.pipe.js';
import { APP_CONFIG, type AppConfig, ormPoolSize } from './config/config.js';
import { DATABASE_URL } from './database/database-url.js';
import { PhoneSimulationModule } from './dev/phone-simulation/phone-simulation.module.js';
import { buildOrmOptions } from './database/mikro-orm.config.js';
import { AttachmentsModule } from './modules/attachments/attachments.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CallLogsModule } from './modules/call-logs/call-logs.module.js';
import { BackupsModule } from './modules/backups/backups.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { StorageModule } from './modules/storage/storage.module.js';
import { TicketAnalyticsModule } from './modules/ticket-analytics/ticket-analytics.module.js';
import { CallTicketRulesModule } from './modules/tickets/call-ticket-rules.js';
import { TicketsModule } from './modules/tickets/tickets.module.js';
import { CustomerHistoryModule } from './modules/tickets/customer-history.provider.js';
import { CustomersModule } from './modules/customers/customers.module.js';
import { OrganizationsModule } from './modules/organizations/organizations.module.js';
import { PhoneNumbersModule } from './modules/phone-numbers/phone-numbers.module.js';
import { SearchModule } from './modules/search/search.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { AuditLogModule } from './modules/audit-log/audit-log.module.js';
import { ConversationsModule } from './modules/conversations/conversations.module.js';
import { ExportsModule } from './modules/exports/exports.module.js';
import { CustomerDataModule } from './modules/customer-data/customer-data.module.js';
import { InboundModule } from './modules/conversations/inbound/inbound.module.js';
import { VoiceAgentModule } from './modules/voice-agent/voice-agent.module.js';
import { WarrantyModule } from './modules/warranty/warranty.module.js';
import { WarrantySerialHistoryModule } from './modules/warranty/warranty-serial-history.js';
import { ormLogging } from './common/logging/orm-logging.js';

/** Config, the database URL and the secret box, available to every module. */
@Global()
@Module({})
class CoreModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE_URL, useValue: databaseUrl },
        { provide: SecretBox, useValue: new SecretBox(config.appSecret) },
      ],
      exports: [APP_CONFIG, DATABASE_URL, SecretBox],
    };
  }
}

@Module({})
export class AppModule {
  /** `extraImports`: modules only tests add (handlers that observe the queue). */
  static forRoot(config: AppConfig, databaseUrl: string, extraImports: DynamicModule['imports'] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, databaseUrl),
        MikroOrmModule.forRoot({ ...buildOrmOptions(databaseUrl, { pool: { min: 0, max: ormPoolSize(config) }, ...ormLogging(config.logLevel) }), registerRequestContext: true }),
        JobsModule,
        LiveModule,
        HealthModule,
        BackupsModule,
        AuthModule,
        NotificationsModule,
        CallTicketRulesModule,
        CallLogsModule,
        // Before TicketsModule: its /tickets/metrics routes must match before /tickets/:id.
        TicketAnalyticsModule,
        TicketsModule,
        CustomerHistoryModule,
        CustomersModule,
        SettingsModule,
        UsersModule,
        AuditLogModule,
        ConversationsModule,
        ExportsModule,
        CustomerDataModule,
        InboundModule,
        WarrantyModule,
        WarrantySerialHistoryModule,
        OrganizationsModule,
        StorageModule,
        AttachmentsModule,
        PhoneNumbersModule,
        PhoneSimulationModule,
        VoiceAgentModule,
        SearchModule,
        ...(extraImports ?? []),
      ],
      providers: [
        { provide: APP_GUARD, useClass: SessionAuthGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
