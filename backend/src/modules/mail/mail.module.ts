import { Module } from '@nestjs/common';
import { MailerModule } from '@nestjs-modules/mailer';
import { MailTemplates } from './mail-templates.js';
import { OrganizationMailer } from './organization-mailer.js';

/**
 * E-mail: the templates of every message (MailTemplates) and OrganizationMailer, which sends through
 * each organization's own SMTP server with @nestjs-modules/mailer. No default transport: every
 * message goes out on its organization's (added by OrganizationMailer). Any module may import this
 * one; it reads only the settings' row, so it closes no cycle.
 */
@Module({
  imports: [MailerModule.forRoot({ transports: {} })],
  providers: [OrganizationMailer, MailTemplates],
  exports: [OrganizationMailer, MailTemplates],
})
export class MailModule {}
