import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../../common/tenancy/tenant-sql.js';
import type { TenantStatement } from '../../../common/tenancy/tenant-statement.js';
import type { DeliveryPayload } from '../fan-out.service.js';
import { type DeliveryStatus, NotificationDelivery } from '../notification-delivery.entity.js';
import { User } from '../../users/user.entity.js';

/** Whom and what a delivery was for: a payload's, or the fan-out's before there is one. */
type DeliveryKey = Pick<DeliveryPayload, 'organizationId' | 'userId' | 'eventType' | 'sourceKey'>;

/** One delivery's outcome, to record. */
export interface DeliveryOutcome {
  payload: DeliveryKey;
  channel: string;
  status: DeliveryStatus;
  detail: string | null;
}

/** A delivery's outcome as its row's values. */
function deliveryData(payload: DeliveryKey, channel: string, status: DeliveryStatus, detail: string | null) {
  return { organization: payload.organizationId, user: payload.userId, eventType: payload.eventType, sourceKey: payload.sourceKey, channel, status, detail };
}

/** Records a delivery's outcome in the job's transaction (with its receipt: written once). */
export function recordDelivery(em: EntityManager, payload: DeliveryPayload, channel: string, status: DeliveryStatus, detail: string | null): void {
  em.create(NotificationDelivery, deliveryData(payload, channel, status, detail));
}

/**
 * Many outcomes in one insert, on the caller's transaction (the fan-out's skipped and browser
 * deliveries, a batch of e-mails): not managed entities, whose change sets at the commit cost more
 * CPU than the statement.
 */
export async function recordDeliveries(em: EntityManager, outcomes: DeliveryOutcome[]): Promise<void> {
  if (!outcomes.length) return;
  const createdAt = new Date();
  await em.insertMany(
    NotificationDelivery,
    outcomes.map(({ payload, channel, status, detail }) => ({ id: randomUUID(), ...deliveryData(payload, channel, status, detail), createdAt }) as unknown as NotificationDelivery),
  );
}

/** The recipient as they are now (contact methods may have changed since the event); null when removed. */
export function recipientOf(em: EntityManager, payload: DeliveryPayload): Promise<User | null> {
  return em.getRepository(User).byId(payload.userId);
}

/** A delivery by what makes it one: its source, channel and recipient. */
export interface DeliveryRef {
  sourceKey: string;
  channel: string;
  userId: string;
}

/**
 * Which of `refs` have an outcome recorded, through notification_deliveries_source_index: a few
 * index entries each, however many deliveries the recipients had before (the recipients' index read
 * every delivery they ever had, 100 ms a batch under the bench's load).
 */
export function recordedDeliveriesStatement(refs: readonly DeliveryRef[]): TenantStatement {
  return {
    sql: `select d.source_key, d.channel, d.user_id from notification_deliveries d
      join json_to_recordset(?::json) as r(source_key text, channel text, user_id uuid)
        on d.source_key = r.source_key and d.channel = r.channel and d.user_id = r.user_id
      where @tenant(d)`,
    params: [JSON.stringify(refs.map((r) => ({ source_key: r.sourceKey, channel: r.channel, user_id: r.userId })))],
  };
}

/** A delivery's key in recordedDeliveries' set. */
export function deliveryRefKey(ref: DeliveryRef): string {
  return `${ref.sourceKey}:${ref.channel}:${ref.userId}`;
}

/** The keys (deliveryRefKey) of `refs` with an outcome recorded. */
export async function recordedDeliveries(em: EntityManager, refs: readonly DeliveryRef[]): Promise<Set<string>> {
  if (!refs.length) return new Set();
  const rows = await tenantSql(em).run<{ source_key: string; channel: string; user_id: string }[]>(recordedDeliveriesStatement(refs));
  return new Set(rows.map((r) => deliveryRefKey({ sourceKey: r.source_key, channel: r.channel, userId: r.user_id })));
}
