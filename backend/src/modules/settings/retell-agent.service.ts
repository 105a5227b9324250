import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { APIConnectionError, AuthenticationError, NotFoundError, PermissionDeniedError } from 'retell-sdk';
import type { Actor } from '../../common/auth/actor.js';
import { ProviderUnavailableError } from '../../integrations/provider.errors.js';
import { RetellClients } from '../../integrations/retell/retell-clients.js';
import type { RetellAgentCheckDto } from './dto/settings.dto.js';
import { RETELL_AGENT_MESSAGES, RetellAgentNotConfiguredError, RetellAgentNotFoundError, RetellKeyRejectedError } from './settings.errors.js';
import { SettingsService } from './settings.service.js';
import { Webhook } from './webhook.entity.js';
import { WebhooksService } from './webhooks/webhooks.service.js';

export { RETELL_AGENT_MESSAGES };

/** Asks Retell about the configured agent: does it exist, and does its webhook point at one of our brand webhooks? */
@Injectable()
export class RetellAgentService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly clients: RetellClients,
    private readonly webhooks: WebhooksService,
  ) {}

  async check(actor: Actor): Promise<RetellAgentCheckDto> {
    const row = await this.settings.forOrganization(actor.organizationId);
    const apiKey = await this.settings.retellApiKey(actor.organizationId);
    if (!apiKey || !row.retellAgentId) throw new RetellAgentNotConfiguredError();
    let agent: { agent_id: string; agent_name?: string | null; webhook_url?: string | null };
    try {
      agent = await this.clients.forKey(apiKey).agent.retrieve(row.retellAgentId);
    } catch (error) {
      if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) throw new RetellKeyRejectedError();
      if (error instanceof NotFoundError) throw new RetellAgentNotFoundError(row.retellAgentId);
      if (error instanceof APIConnectionError) throw new ProviderUnavailableError('retell', RETELL_AGENT_MESSAGES.unreachable);
      throw new ProviderUnavailableError('retell', RETELL_AGENT_MESSAGES.unreachable);
    }
    const ours = await this.em.getRepository(Webhook).ofOrganization(actor.organizationId);
    const match = ours.map((w) => this.webhooks.toResponse(w)).find((w) => w.retell_webhook_url === agent.webhook_url);
    return {
      agent_id: agent.agent_id,
      agent_name: agent.agent_name ?? null,
      webhook_url: agent.webhook_url ?? null,
      webhook: match ? { id: match.id, name: match.name, brand: match.brand } : null,
    };
  }
}
