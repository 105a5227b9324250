import { LockMode } from '@mikro-orm/core';
import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import type { SystemSettings } from './system-settings.entity.js';

/** What a new ticket reads of its organization and its settings (null where unset). */
export interface IntakeRow {
  business_country: string | null;
  ticket_brand: string | null;
  warranty_response_hours: number | null;
  support_response_hours: number | null;
  ticket_fields_enabled: string[] | null;
}

/**
 * The settings row's queries (the entity's MikroORM repository: `em.getRepository(SystemSettings)`);
 * SettingsService keeps the rules (defaults, validation). Scoped to the organization (the tenant
 * filter, TenantSql).
 */
export class SystemSettingsRepository extends EntityRepository<SystemSettings> {
  /**
   * The organization's row, inserted with `ticketFields` first when it has none. The insert ignores
   * a row a concurrent request created first, so two first requests never collide.
   */
  async ensure(organizationId: string, ticketFields: readonly string[]): Promise<SystemSettings> {
    const existing = await this.findOne({ organization: organizationId });
    if (existing) return existing;
    await tenantSql(this.getEntityManager() as EntityManager).execute(
      'insert into system_settings (organization_id, ticket_fields_enabled) values (@tenant_id, ?::text[]) on conflict (organization_id) do nothing',
      [`{${ticketFields.join(',')}}`],
      'run',
    );
    return this.findOneOrFail({ organization: organizationId });
  }

  /** The organization's business country with its settings' ticket brand, response hours and questions, in one query. */
  async intake(): Promise<IntakeRow | undefined> {
    const [row] = await tenantSql(this.getEntityManager() as EntityManager).execute<IntakeRow[]>(
      `select o.business_country, s.ticket_brand, s.warranty_response_hours, s.support_response_hours, s.ticket_fields_enabled
       from organizations o left join system_settings s on s.organization_id = o.id
       where o.id = @tenant_id`,
    );
    return row;
  }

  /** The organization's row (it must exist), locked for update and read again when `lock`. */
  of(organizationId: string, lock: 'update' | 'share' | null = null): Promise<SystemSettings> {
    return this.findOneOrFail(
      { organization: organizationId },
      lock === 'update' ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : lock === 'share' ? { lockMode: LockMode.PESSIMISTIC_READ } : {},
    );
  }

  /** The organization's row when it has one, locked FOR SHARE. */
  sharedOf(organizationId: string): Promise<SystemSettings | null> {
    return this.findOne({ organization: organizationId }, { lockMode: LockMode.PESSIMISTIC_READ });
  }

  /** The organization's row when it has one. */
  ofOrganization(organizationId: string): Promise<SystemSettings | null> {
    return this.findOne({ organization: organizationId });
  }

  /** Only the sender address of the organization's outgoing mail (null when it has no settings row). */
  fromEmailOf(organizationId: string) {
    return this.findOne({ organization: organizationId }, { fields: ['smtpFromEmail'] });
  }

  /** The ticket questions the organization saved; null before it saved any settings. */
  async ticketQuestions(organizationId: string): Promise<string[] | null> {
    const row = await this.findOne({ organization: organizationId }, { fields: ['ticketFieldsEnabled'] });
    return row ? [...row.ticketFieldsEnabled] : null;
  }

  /** The sealed Retell API key, null or undefined when unset. */
  async sealedRetellKey(organizationId: string): Promise<string | null | undefined> {
    const row = await this.findOne({ organization: organizationId }, { fields: ['retellApiKey'] });
    return row?.retellApiKey;
  }
}
