import { EntityRepository } from '@mikro-orm/postgresql';
import type { Webhook } from './webhook.entity.js';

/** The AI agent webhooks' queries (`em.getRepository(Webhook)`), scoped by the tenant filter. */
export class WebhookRepository extends EntityRepository<Webhook> {
  /** The organization's webhooks, oldest first. */
  ofOrganization(organizationId: string): Promise<Webhook[]> {
    return this.find({ organization: organizationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** The organization's webhook of this id. */
  oneOfOrganization(organizationId: string, id: string): Promise<Webhook | null> {
    return this.findOne({ id, organization: organizationId });
  }
}
