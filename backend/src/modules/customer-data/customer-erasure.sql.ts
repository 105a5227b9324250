import { ERASED_CUSTOMER_NAME } from '@warranty-crm/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';

/** The name an erased customer keeps (the row stays: tickets keep their foreign key, counts stay right). */
export const ERASED_NAME = ERASED_CUSTOMER_NAME;
/** What an erased free-text field that cannot be null reads. */
export const ERASED_TEXT = '[erased]';

/** Their tickets, as a sub-select (the customer's id bound once per use). */
const THEIRS = `(select t.id from tickets t where @tenant(t) and t.customer_id = ?)`;

/** What storage and Twilio must forget once the erasure commits. */
export interface ErasedLeftovers {
  objectPaths: string[];
  recordingSids: string[];
}

/** The customer's name (null when there is no such customer in the organization); locks the row. */
export async function lockCustomer(em: EntityManager, customerId: string): Promise<{ name: string } | null> {
  const [row] = await tenantSql(em).execute<{ name: string }[]>(`select c.name from customers c where @tenant(c) and c.id = ? for update`, [customerId]);
  return row ?? null;
}

/**
 * Anonymises every row that names the customer, in em's transaction (issue 35). Kept, as not
 * personal: ticket numbers, products, serial and order numbers, purchase place and date, issue
 * category, status, priority and dates (the analytics and rollups read those; no row is deleted
 * but the attachments). Erased: the customer's name, e-mail, phone and address; on their tickets
 * the free text they wrote (issue description, troubleshooting steps) and the confirmation e-mail;
 * on their call logs the caller's name and number, the transcript and recording; on their tickets'
 * messages the bodies, subjects, quotes, addresses and inbound authors; the details of the activity that quotes
 * them (notes, description edits, confirmation e-mail, file names) and the notifications about their tickets (their texts quote the customer). Attachments' rows go; their
 * files (and recordings at Twilio) are answered for deletion after the commit.
 */
export async function eraseCustomerRows(em: EntityManager, customerId: string): Promise<ErasedLeftovers> {
  const sql = tenantSql(em);
  const attachments = await sql.execute<{ object_path: string; thumbnail_path: string | null }[]>(
    `select a.object_path, a.thumbnail_path from ticket_attachments a where @tenant(a) and a.ticket_id in ${THEIRS}`,
    [customerId],
  );
  const recordings = await sql.execute<{ recording_sid: string }[]>(
    `select l.recording_sid from call_logs l where @tenant(l) and l.recording_sid is not null and (l.customer_id = ? or l.ticket_id in ${THEIRS})`,
    [customerId, customerId],
  );
  await sql.execute(`delete from ticket_attachments a where @tenant(a) and a.ticket_id in ${THEIRS}`, [customerId], 'run');
  await sql.execute(
    `update ticket_messages m set body = ?, body_html = null, quoted = null, subject = null, from_address = null, to_address = null,
       author_name = case when m.direction = 'inbound' then null else m.author_name end, message_id = null, in_reply_to = null
     where @tenant(m) and m.ticket_id in ${THEIRS}`,
    [ERASED_TEXT, customerId],
    'run',
  );
  await sql.execute(
    `update call_logs l set caller_name = null, from_phone = null, transcription = null, recording_url = null
     where @tenant(l) and (l.customer_id = ? or l.ticket_id in ${THEIRS})`,
    [customerId, customerId],
    'run',
  );
  // Activity that quotes them (notes, description edits, the confirmation's address, file names); merges, assignments, priorities stay.
  await sql.execute(
    `update ticket_activities a set detail = '{}'::jsonb
     where @tenant(a) and a.ticket_id in ${THEIRS} and a.kind in ('note', 'description_edited', 'confirmation_email', 'attachment_added', 'attachment_removed')`,
    [customerId],
    'run',
  );
  await sql.execute(
    `update notifications n set title = ?, message = ?, metadata = null
     where @tenant(n) and (n.related_entity_id = ? or n.related_entity_id in (select t.id::text from tickets t where @tenant(t) and t.customer_id = ?)
       or n.related_entity_id in (select l.id::text from call_logs l where @tenant(l) and (l.customer_id = ? or l.ticket_id in ${THEIRS})))`,
    ['Erased customer', ERASED_TEXT, customerId, customerId, customerId, customerId],
    'run',
  );
  await sql.execute(
    `update tickets t set issue_description = ?, troubleshooting_steps = null, confirmation_email = null, confirmation_error = null
     where @tenant(t) and t.customer_id = ?`,
    [ERASED_TEXT, customerId],
    'run',
  );
  await sql.execute(
    `update customers c set name = ?, email = null, phone = null, street = null, city = null, state = null, zip_code = null where @tenant(c) and c.id = ?`,
    [ERASED_NAME, customerId],
    'run',
  );
  return {
    objectPaths: attachments.flatMap((a) => (a.thumbnail_path ? [a.object_path, a.thumbnail_path] : [a.object_path])),
    recordingSids: recordings.map((r) => r.recording_sid),
  };
}
