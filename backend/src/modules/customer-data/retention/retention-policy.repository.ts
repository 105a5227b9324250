import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../../common/tenancy/tenant-sql.js';
import type { RetentionPolicy } from './retention-policy.entity.js';

/** The retention policy's queries (`em.getRepository(RetentionPolicy)`), scoped to the organization. */
export class RetentionPolicyRepository extends EntityRepository<RetentionPolicy> {
  /** The organization's policy, inserted (everything kept, off) on first use; a concurrent first insert is ignored. */
  async ensure(organizationId: string): Promise<RetentionPolicy> {
    const existing = await this.findOne({ organization: organizationId });
    if (existing) return existing;
    await tenantSql(this.sqlEm()).execute('insert into retention_policies (organization_id) values (@tenant_id) on conflict (organization_id) do nothing', [], 'run');
    return this.findOneOrFail({ organization: organizationId });
  }

  /**
   * Takes the organization's enabled policy for a run at `now`, unless a run took it after
   * `staleBefore` (it is running, or ran this period): the row lock makes one of two concurrent
   * runs wait here and then find it taken. Null when not taken.
   */
  async claim(now: Date, staleBefore: Date): Promise<RetentionPolicy | null> {
    const [row] = await tenantSql(this.sqlEm()).execute<{ id: string }[]>(
      `update retention_policies p set run_claimed_at = ?
       where @tenant(p) and p.enabled and (p.run_claimed_at is null or p.run_claimed_at < ?)
       returning p.id`,
      [now, staleBefore],
    );
    return row ? this.findOneOrFail({ id: row.id }, { refresh: true }) : null;
  }

  private sqlEm(): EntityManager {
    return this.getEntityManager() as EntityManager;
  }
}
