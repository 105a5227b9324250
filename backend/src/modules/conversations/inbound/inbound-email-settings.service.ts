import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { INBOUND_EMAIL_WEBHOOK_PATH } from '@warranty-crm/contract';
import type { Actor } from '../../../common/auth/actor.js';
import { SecretBox } from '../../../common/crypto/secret-box.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { AuditLogService } from '../../audit-log/audit-log.service.js';
import { diffChanges } from '../../audit-log/changes.js';
import { normalizeEmail } from '../../customers/customers.service.js';
import { SystemSettings } from '../../settings/system-settings.entity.js';
import type { InboundEmailSettingsDto, InboundSigningKeyDto, UpdateInboundEmailSettingsDto } from './dto/inbound-email-settings.dto.js';
import { InboundMailbox } from './inbound-mailbox.entity.js';
import { InboundAddressTakenError } from './inbound.errors.js';
import { InboundSmtpReceiver } from './inbound-smtp.receiver.js';

function audited(m: InboundMailbox): Record<string, unknown> {
  return { inbound_address: m.address ?? null, inbound_signing_key: m.signingKey ?? null };
}

/** Settings → Inbound E-mail (owner and admins): the inbound address and the webhook's signing key. */
@Injectable()
export class InboundEmailSettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly secrets: SecretBox,
    private readonly auditLog: AuditLogService,
    private readonly receiver: InboundSmtpReceiver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(actor: Actor): Promise<InboundEmailSettingsDto> {
    const mailbox = await this.em.getRepository(InboundMailbox).ofOrganization(actor.organizationId);
    return this.response(actor, mailbox);
  }

  async update(actor: Actor, dto: UpdateInboundEmailSettingsDto): Promise<InboundEmailSettingsDto> {
    return this.change(actor, (mailbox) => {
      if (dto.address !== undefined) mailbox.address = dto.address ? normalizeEmail(dto.address) : null;
      if (dto.signing_key === null) mailbox.signingKey = null;
      else if (dto.signing_key) mailbox.signingKey = this.secrets.seal(dto.signing_key);
    });
  }

  /** A new random signing key, stored sealed and answered once (to paste into the provider). */
  async generateSigningKey(actor: Actor): Promise<InboundSigningKeyDto> {
    const key = randomBytes(32).toString('hex');
    const settings = await this.change(actor, (mailbox) => {
      mailbox.signingKey = this.secrets.seal(key);
    });
    return { ...settings, signing_key: key };
  }

  private async change(actor: Actor, apply: (mailbox: InboundMailbox) => void): Promise<InboundEmailSettingsDto> {
    try {
      return await this.em.transactional(async (tx) => {
        const repository = tx.getRepository(InboundMailbox);
        const mailbox = (await repository.ofOrganization(actor.organizationId)) ?? tx.create(InboundMailbox, { organization: actor.organizationId });
        const before = audited(mailbox);
        apply(mailbox);
        const changes = diffChanges(before, audited(mailbox), ['inbound_signing_key']);
        if (changes.length) this.auditLog.record(tx, actor, 'settings_changed', { subject: 'inbound_email', changes });
        await tx.flush();
        return this.response(actor, mailbox, tx);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new InboundAddressTakenError();
      throw error;
    }
  }

  private async response(actor: Actor, mailbox: InboundMailbox | null, em: EntityManager = this.em): Promise<InboundEmailSettingsDto> {
    const settings = await em.getRepository(SystemSettings).fromEmailOf(actor.organizationId);
    const address = mailbox?.address ?? null;
    return {
      address,
      support_address: address ?? (settings?.smtpFromEmail ? normalizeEmail(settings.smtpFromEmail) : null),
      smtp_receiver: this.receiver.status(),
      webhook_url: `${this.config.publicBaseUrl}${INBOUND_EMAIL_WEBHOOK_PATH}`,
      signing_key_set: !!mailbox?.signingKey,
    };
  }
}
