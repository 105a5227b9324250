import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { AuditLogService } from '../audit-log/audit-log.service.js';
import { Customer } from './customer.entity.js';
import { CustomerPagesService } from './customer-pages.service.js';
import { CustomerMergeSelfError, CustomerNotFoundError } from './customers.errors.js';
import type { CustomerMergeResultDto } from './dto/customer.dto.js';

/**
 * Every column that names a customer, moved by a merge: one statement per table, run in the merge's
 * transaction. A table that gains a customer reference adds its line here (the merged customer is
 * deleted afterwards, so a reference left out would make the delete fail rather than lose a row).
 * Messages belong to tickets and follow them.
 */
export const CUSTOMER_REFERENCES: { name: 'tickets' | 'calls'; sql: string }[] = [
  { name: 'tickets', sql: 'update tickets set customer_id = :to where @tenant() and customer_id = :from' },
  { name: 'calls', sql: 'update call_logs set customer_id = :to where @tenant() and customer_id = :from' },
];

/** The contact fields an empty field of the kept customer takes from the merged one. */
const FILLABLE = ['phone', 'email', 'street', 'city', 'state', 'zipCode'] as const;
const WIRE: Record<(typeof FILLABLE)[number], string> = { phone: 'phone', email: 'email', street: 'street', city: 'city', state: 'state', zipCode: 'zip_code' };

/**
 * Merges two customers of the organization into one: the merged customer's tickets and calls move
 * to the kept one, the kept one's empty contact fields are filled from it, it is deleted, and the
 * audit log records it, all in one transaction with both customers locked.
 */
@Injectable()
export class CustomerMergeService {
  constructor(
    private readonly em: EntityManager,
    private readonly pages: CustomerPagesService,
    private readonly audit: AuditLogService,
  ) {}

  async merge(actor: Actor, keepId: string, fromId: string): Promise<CustomerMergeResultDto> {
    if (keepId === fromId) {
      await this.pages.find(actor, keepId);
      throw new CustomerMergeSelfError();
    }
    return this.em.transactional(async (tx) => {
      const locked = await tx.getRepository(Customer).lockBoth(keepId, fromId);
      const keep = locked.find((c) => c.id === keepId);
      const from = locked.find((c) => c.id === fromId);
      if (!keep) throw new CustomerNotFoundError();
      if (!from) throw new CustomerNotFoundError('from_customer_id');

      const sql = tenantSql(tx);
      const moved: Record<string, number> = {};
      for (const ref of CUSTOMER_REFERENCES) {
        const result = await sql.execute<{ affectedRows: number }>(ref.sql.replace(/:to/g, '?').replace(/:from/g, '?'), [keep.id, from.id], 'run');
        moved[ref.name] = result.affectedRows;
      }
      const filled = FILLABLE.filter((f) => !keep[f] && from[f]);
      const values = Object.fromEntries(filled.map((f) => [f, from[f]]));
      const snapshot = { id: from.id, name: from.name, email: from.email ?? null, phone: from.phone ?? null };
      // The merged row goes first: its phone is unique in the organization and may move to the kept one.
      await sql.execute('delete from customers where @tenant() and id = ?', [from.id], 'run');
      tx.getUnitOfWork().unsetIdentity(from);
      tx.assign(keep, values);
      this.audit.record(tx, actor, 'customers_merged', {
        subject: `${snapshot.name} into ${keep.name}`,
        changes: [
          // Flat values, as the audit log shows them ("field: old → new").
          { field: 'customer', old: [snapshot.name, snapshot.email, snapshot.phone].filter(Boolean).join(' · '), new: keep.name },
          { field: 'customer_id', old: snapshot.id, new: keep.id },
          { field: 'tickets_moved', new: moved.tickets },
          { field: 'calls_moved', new: moved.calls },
          ...filled.map((f) => ({ field: WIRE[f], old: null, new: values[f] })),
        ],
      });
      await tx.flush();
      return {
        customer: await this.pages.get(actor, keep.id, tx),
        merged_customer_id: snapshot.id,
        tickets_moved: moved.tickets,
        calls_moved: moved.calls,
        fields_filled: filled.map((f) => WIRE[f]),
      };
    });
  }
}
