import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { DUPLICATE_KEYS, type Ticket } from './ticket.entity.js';

/** A ticket sharing another's order or serial number. */
export interface SameKeyTicketRow {
  id: string;
  ticket_number: string;
  status: string;
  created_at: string | Date;
  same_order: boolean;
  same_serial: boolean;
}

/**
 * The tickets' queries (the entity's MikroORM repository: `em.getRepository(Ticket)`); the
 * services keep the rules. Every read is the organization's (the tenant filter, TenantSql). The
 * list's statements are TicketListQuery's.
 */
export class TicketRepository extends EntityRepository<Ticket> {
  /**
   * The other tickets whose order or serial key (trimmed, lower case: the lower() indexes) is
   * `order` or `serial`, oldest first, at most `limit`.
   */
  sameOrderOrSerial(ticketId: string, order: string | null, serial: string | null, limit: number): Promise<SameKeyTicketRow[]> {
    return tenantSql(this.getEntityManager() as EntityManager).execute<SameKeyTicketRow[]>(
      `select id, ticket_number, status, created_at,
              (${DUPLICATE_KEYS.order} = ?) as same_order, (${DUPLICATE_KEYS.serial} = ?) as same_serial
         from tickets
        where @tenant() and id <> ? and (${DUPLICATE_KEYS.order} = ? or ${DUPLICATE_KEYS.serial} = ?)
        order by created_at, id
        limit ${Math.trunc(limit)}`,
      [order, serial, ticketId, order, serial],
    );
  }

  /** The newest tickets with their customers. */
  newest(limit: number): Promise<Ticket[]> {
    return this.findAll({ populate: ['customer'], orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }
}
