import { Injectable } from '@nestjs/common';
import { type TenantContext, TenantRunner } from '../../common/tenancy/tenant-runner.js';
import { isUuid } from '../../common/http/ids.js';
import { isSignedByRetell } from '../../integrations/retell/retell-signature.js';
import { SettingsService } from '../settings/settings.service.js';
import { Webhook } from '../settings/webhook.entity.js';
import { AgentWebhookNotFoundError, InvalidRetellSignatureError, RetellNotConfiguredError } from './voice-agent.errors.js';

/** A request from Retell: the exact body bytes and the signature header. */
export interface SignedRequest {
  rawBody?: Buffer;
  signature?: string;
}

/**
 * The gate of every Retell callback: the brand webhook named in the URL gives the organization
 * (the one cross-tenant lookup), then, inside that organization's transaction, the signature must
 * verify with its Retell API key before `work` may write anything.
 */
@Injectable()
export class RetellRequests {
  constructor(
    private readonly tenants: TenantRunner,
    private readonly settings: SettingsService,
  ) {}

  async handle<T>(webhookId: string, request: SignedRequest, work: (ctx: TenantContext, webhook: Webhook) => Promise<T>): Promise<T> {
    const organizationId = isUuid(webhookId) ? await this.tenants.organizationOf(Webhook, { id: webhookId }) : null;
    if (!organizationId) throw new AgentWebhookNotFoundError();
    return this.tenants.run(organizationId, async (ctx) => {
      // Deleted since the lookup: the same answer as an unknown webhook.
      const webhook = await ctx.em.getRepository(Webhook).oneOfOrganization(organizationId, webhookId);
      if (!webhook) throw new AgentWebhookNotFoundError();
      const apiKey = await this.settings.retellApiKey(organizationId, ctx.em);
      if (!apiKey) throw new RetellNotConfiguredError();
      if (!(await isSignedByRetell(request.rawBody, apiKey, request.signature))) {
        throw new InvalidRetellSignatureError();
      }
      return work(ctx, webhook);
    });
  }
}
