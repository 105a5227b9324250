import { EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import type { WarrantyClaim } from './warranty-claim.entity.js';

export interface SerialHistoryRow {
  id: string;
  ticket_number: string;
  serial_number: string;
  created_at: Date | string;
  decision: 'approved' | 'denied' | null;
  reason: string | null;
  type: string | null;
  state: string | null;
  rma_number: string | null;
}

const SERIAL_KEY = (t: string) => `lower(btrim(coalesce(${t}.serial_number, '')))`;

/** Decisions' queries; scoped to the organization by the tenant filter (raw SQL by TenantSql). */
export class WarrantyClaimRepository extends EntityRepository<WarrantyClaim> {
  ofTicket(ticketId: string): Promise<WarrantyClaim | null> {
    return this.findOne({ ticket: ticketId });
  }

  /**
   * The claims on the ticket's serial number made before it, newest first, with their decision and
   * resolution: an index scan of tickets_organization_serial_key_index (organization, serial key),
   * bounded by the serial's claims whatever the number of tickets.
   */
  serialHistory(ticketId: string, limit: number): Promise<SerialHistoryRow[]> {
    return tenantSql(this.getEntityManager() as EntityManager).execute<SerialHistoryRow[]>(
      `select t.id, t.ticket_number, t.serial_number, t.created_at, c.decision, c.reason, r.type, r.state, r.rma_number
         from tickets me
         join tickets t on @tenant(t) and ${SERIAL_KEY('t')} = ${SERIAL_KEY('me')}
          and (t.created_at, t.id) < (me.created_at, me.id)
         left join warranty_claims c on c.ticket_id = t.id
         left join warranty_resolutions r on r.ticket_id = t.id
        where @tenant(me) and me.id = ? and ${SERIAL_KEY('me')} <> ''
        order by t.created_at desc, t.id desc
        limit ?`,
      [ticketId, limit],
    );
  }
}
