import { EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import type { WarrantyResolution } from './warranty-resolution.entity.js';

/** Resolutions' queries; scoped to the organization by the tenant filter (raw SQL by TenantSql). */
export class WarrantyResolutionRepository extends EntityRepository<WarrantyResolution> {
  ofTicket(ticketId: string): Promise<WarrantyResolution | null> {
    return this.findOne({ ticket: ticketId }, { populate: ['items'] });
  }

  /**
   * The organization's next RMA sequence number, taken in the caller's transaction: the counter row
   * is updated in place (`n = n + 1 returning n`), so it stays locked until the commit and a rollback
   * gives the number back — gapless, and concurrent creations of one organization take turns.
   */
  async nextRmaSeq(): Promise<number> {
    const [row] = await tenantSql(this.getEntityManager() as EntityManager).execute<Array<{ n: number }>>(
      `insert into rma_counters (organization_id, n) values (@tenant_id, 1)
       on conflict (organization_id) do update set n = rma_counters.n + 1
       returning n`,
    );
    return Number(row.n);
  }
}
