import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { SecretBox } from '../../../common/crypto/secret-box.js';
import { type OutgoingMail, type SmtpSettings, SmtpTransports } from '../../../integrations/mail/smtp-transport.js';
import { DEFAULT_SMTP_PORT } from '../../settings/settings.service.js';
import { SystemSettings } from '../../settings/system-settings.entity.js';


/** Mail through the organization's SMTP settings (Settings → SMTP), read on the caller's EntityManager. */
@Injectable()
export class OrganizationMailer implements OnModuleDestroy {
  private readonly transports = new SmtpTransports();

  constructor(private readonly secrets: SecretBox) {}

  onModuleDestroy(): void {
    this.transports.closeAll();
  }

  /** Whether the organization can send: the same rule as smtpOf, without opening the password. */
  async isConfigured(em: EntityManager, organizationId: string): Promise<boolean> {
    const s = await em.findOne(SystemSettings, { organization: organizationId });
    return Boolean(s?.smtpHost && (s.smtpFromEmail || s.smtpUsername?.includes('@')));
  }

  async smtpOf(em: EntityManager, organizationId: string): Promise<SmtpSettings | null> {
    const s = await em.findOne(SystemSettings, { organization: organizationId });
    if (!s?.smtpHost) return null;
    const fromEmail = s.smtpFromEmail || (s.smtpUsername?.includes('@') ? s.smtpUsername : null);
    if (!fromEmail) return null;
    return {
      host: s.smtpHost,
      port: s.smtpPort ?? DEFAULT_SMTP_PORT,
      username: s.smtpUsername ?? null,
      password: this.secrets.openOptional(s.smtpPassword),
      fromEmail,
      fromName: s.smtpFromName ?? null,
    };
  }

  send(smtp: SmtpSettings, mail: OutgoingMail): Promise<{ messageId: string }> {
    return this.transports.send(smtp, mail);
  }
}
