import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../../common/auth/actor.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { WebhookNotFoundError } from '../settings.errors.js';
import { AuditLogService } from '../../audit-log/audit-log.service.js';
import { Webhook } from '../webhook.entity.js';
import type { CreateWebhookDto, WebhookResponseDto } from './webhook.dto.js';
import { createWarrantyTicketUrl, retellWebhookUrl } from './webhook-urls.js';

/** Brand webhooks: the ids in the Retell URLs that route an agent's calls to a brand. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auditLog: AuditLogService,
  ) {}

  toResponse(w: Webhook): WebhookResponseDto {
    return {
      id: w.id,
      name: w.name,
      brand: w.brand,
      created_at: w.createdAt,
      retell_webhook_url: retellWebhookUrl(this.config.publicBaseUrl, w.id),
      create_warranty_ticket_url: createWarrantyTicketUrl(this.config.publicBaseUrl, w.id),
    };
  }

  list(actor: Actor): Promise<Webhook[]> {
    return this.em.getRepository(Webhook).ofOrganization(actor.organizationId);
  }

  async create(actor: Actor, dto: CreateWebhookDto): Promise<Webhook> {
    const webhook = this.em.create(Webhook, { organization: actor.organizationId, name: dto.name, brand: dto.brand });
    this.auditLog.record(this.em, actor, 'settings_changed', { subject: `Webhook ${dto.name} added`, changes: [{ field: 'brand', old: null, new: dto.brand }] });
    await this.em.flush();
    return webhook;
  }

  async remove(actor: Actor, id: string): Promise<Webhook> {
    const webhook = await this.em.getRepository(Webhook).oneOfOrganization(actor.organizationId, id);
    if (!webhook) throw new WebhookNotFoundError();
    this.auditLog.record(this.em, actor, 'settings_changed', { subject: `Webhook ${webhook.name} deleted`, changes: [{ field: 'brand', old: webhook.brand, new: null }] });
    await this.em.remove(webhook).flush();
    return webhook;
  }
}
