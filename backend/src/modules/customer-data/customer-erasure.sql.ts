import { ERASED_CUSTOMER_NAME } from '@warranty-crm/contract';
import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';

/** The name an erased customer keeps (the row stays: tickets keep their foreign key, counts stay right). */
export const ERASED_NAME = ERASED_CUSTOMER_NAME;
/** What an erased free-text field that cannot be null reads. */
export const ERASED_TEXT = '[erased]';

/** A set of ids as a sub-select with its parameters (bound once per use). */
interface IdSet {
  sql: string;
  params: unknown[];
}

/** A customer's tickets. */
const ticketsOfCustomer = (customerId: string): IdSet => ({ sql: `(select t.id from tickets t where @tenant(t) and t.customer_id = ?)`, params: [customerId] });
/** These ids (tickets or customers). */
const theseIds = (ids: readonly string[]): IdSet => ({ sql: `(select unnest(?::uuid[]))`, params: [`{${ids.join(',')}}`] });

/** What storage and Twilio must forget once the erasure commits. */
export interface ErasedLeftovers {
  objectPaths: string[];
  recordingSids: string[];
}

const merged = (...all: ErasedLeftovers[]): ErasedLeftovers => ({
  objectPaths: [...new Set(all.flatMap((l) => l.objectPaths))],
  recordingSids: [...new Set(all.flatMap((l) => l.recordingSids))],
});

/** The customer's name (null when there is no such customer in the organization); locks the row. */
export async function lockCustomer(em: EntityManager, customerId: string): Promise<{ name: string } | null> {
  const [row] = await tenantSql(em).execute<{ name: string }[]>(`select c.name from customers c where @tenant(c) and c.id = ? for update`, [customerId]);
  return row ?? null;
}

/**
 * Anonymises every row that names the customer, in em's transaction (issue 35). Kept, as not
 * personal: ticket numbers, products, serial and order numbers, purchase place and date, issue
 * category, status, priority and dates (the analytics and rollups read those; no row is deleted
 * but the attachments). Erased: the customer's name, e-mail, phone and address, their call logs
 * (caller's name and number, transcript, recording) and what their tickets hold (anonymiseTicketRows).
 * Attachments' rows go; their files (and recordings at Twilio) are answered for deletion after the commit.
 */
export async function eraseCustomerRows(em: EntityManager, customerId: string, now = new Date()): Promise<ErasedLeftovers> {
  const tickets = await anonymiseTicketRows(em, ticketsOfCustomer(customerId), now);
  const customer = await eraseCustomersOwnRows(em, theseIds([customerId]));
  return merged(tickets, customer);
}

/**
 * The tickets' personal data anonymised, in em's transaction: the free text the customer wrote
 * (issue description, troubleshooting steps) and the confirmation e-mail; their messages' bodies,
 * subjects, quotes, addresses and inbound authors; their call logs' caller, number, transcript and
 * recording; the details of the activity that quotes them (notes, description edits, confirmation
 * e-mail, file names) and the notifications about them (their texts quote the customer); their
 * attachments' rows deleted, and the files their inbound e-mails carried taken off the messages. The tickets' `anonymized_at` is set. Retention (closed tickets past
 * their period) and a customer's erasure both use it.
 */
export async function anonymiseTickets(em: EntityManager, ticketIds: readonly string[], now = new Date()): Promise<ErasedLeftovers> {
  if (!ticketIds.length) return { objectPaths: [], recordingSids: [] };
  return anonymiseTicketRows(em, theseIds(ticketIds), now);
}

/**
 * Erases the customers among `customerIds` that have no ticket left whose data is kept (after
 * retention anonymised or deleted their last ones): their own fields and their call logs.
 */
export async function eraseCustomersWithoutKeptTickets(em: EntityManager, customerIds: readonly string[]): Promise<ErasedLeftovers> {
  if (!customerIds.length) return { objectPaths: [], recordingSids: [] };
  const rows = await tenantSql(em).execute<{ id: string }[]>(
    `select c.id from customers c where @tenant(c) and c.id = any(?::uuid[]) and c.name <> ?
       and not exists (select 1 from tickets t where @tenant(t) and t.customer_id = c.id and t.anonymized_at is null)
     for update of c skip locked`,
    [`{${customerIds.join(',')}}`, ERASED_NAME],
  );
  if (!rows.length) return { objectPaths: [], recordingSids: [] };
  return eraseCustomersOwnRows(em, theseIds(rows.map((r) => r.id)));
}

async function anonymiseTicketRows(em: EntityManager, tickets: IdSet, now: Date): Promise<ErasedLeftovers> {
  const sql = tenantSql(em);
  const IN = tickets.sql;
  const attachments = await sql.execute<{ object_path: string; thumbnail_path: string | null }[]>(
    `select a.object_path, a.thumbnail_path from ticket_attachments a where @tenant(a) and a.ticket_id in ${IN}`,
    tickets.params,
  );
  const recordings = await sql.execute<{ recording_sid: string }[]>(
    `select l.recording_sid from call_logs l where @tenant(l) and l.recording_sid is not null and l.ticket_id in ${IN}`,
    tickets.params,
  );
  // The files inbound e-mails carried (kept on the message until the attachments table takes them over).
  const mailed = await sql.execute<{ object_path: string }[]>(
    `select x.value->>'object_path' as object_path from ticket_messages m cross join lateral jsonb_array_elements(m.attachments) x
     where @tenant(m) and m.ticket_id in ${IN} and jsonb_typeof(m.attachments) = 'array'`,
    tickets.params,
  );
  await sql.execute(`delete from ticket_attachments a where @tenant(a) and a.ticket_id in ${IN}`, tickets.params, 'run');
  await sql.execute(
    `update ticket_messages m set body = ?, body_html = null, quoted = null, subject = null, from_address = null, to_address = null, attachments = '[]'::jsonb,
       author_name = case when m.direction = 'inbound' then null else m.author_name end, message_id = null, in_reply_to = null
     where @tenant(m) and m.ticket_id in ${IN}`,
    [ERASED_TEXT, ...tickets.params],
    'run',
  );
  // The notifications first: they are found through the call logs' links, which stay.
  await sql.execute(
    `update notifications n set title = ?, message = ?, metadata = null
     where @tenant(n) and (n.related_entity_id in (select x::text from ${IN} x(x))
       or n.related_entity_id in (select l.id::text from call_logs l where @tenant(l) and l.ticket_id in ${IN}))`,
    ['Erased customer', ERASED_TEXT, ...tickets.params, ...tickets.params],
    'run',
  );
  await sql.execute(
    `update call_logs l set caller_name = null, from_phone = null, transcription = null, recording_url = null
     where @tenant(l) and l.ticket_id in ${IN}`,
    tickets.params,
    'run',
  );
  // Activity that quotes them (notes, description edits, the confirmation's address, file names); merges, assignments, priorities stay.
  await sql.execute(
    `update ticket_activities a set detail = '{}'::jsonb
     where @tenant(a) and a.ticket_id in ${IN} and a.kind in ('note', 'description_edited', 'confirmation_email', 'attachment_added', 'attachment_removed')`,
    tickets.params,
    'run',
  );
  await sql.execute(
    `update tickets t set issue_description = ?, troubleshooting_steps = null, confirmation_email = null, confirmation_error = null, anonymized_at = ?
     where @tenant(t) and t.id in ${IN}`,
    [ERASED_TEXT, now, ...tickets.params],
    'run',
  );
  return {
    objectPaths: [
      ...attachments.flatMap((a) => (a.thumbnail_path ? [a.object_path, a.thumbnail_path] : [a.object_path])),
      ...mailed.flatMap((m) => (m.object_path ? [m.object_path] : [])),
    ],
    recordingSids: recordings.map((r) => r.recording_sid),
  };
}

/** The customers' own fields, their call logs (linked to them, with or without a ticket) and the notifications about those. */
async function eraseCustomersOwnRows(em: EntityManager, customers: IdSet): Promise<ErasedLeftovers> {
  const sql = tenantSql(em);
  const IN = customers.sql;
  const recordings = await sql.execute<{ recording_sid: string }[]>(
    `select l.recording_sid from call_logs l where @tenant(l) and l.recording_sid is not null and l.customer_id in ${IN}`,
    customers.params,
  );
  await sql.execute(
    `update notifications n set title = ?, message = ?, metadata = null
     where @tenant(n) and (n.related_entity_id in (select x::text from ${IN} x(x))
       or n.related_entity_id in (select l.id::text from call_logs l where @tenant(l) and l.customer_id in ${IN}))`,
    ['Erased customer', ERASED_TEXT, ...customers.params, ...customers.params],
    'run',
  );
  await sql.execute(
    `update call_logs l set caller_name = null, from_phone = null, transcription = null, recording_url = null
     where @tenant(l) and l.customer_id in ${IN}`,
    customers.params,
    'run',
  );
  await sql.execute(
    `update customers c set name = ?, email = null, phone = null, street = null, city = null, state = null, zip_code = null where @tenant(c) and c.id in ${IN}`,
    [ERASED_NAME, ...customers.params],
    'run',
  );
  return { objectPaths: [], recordingSids: recordings.map((r) => r.recording_sid) };
}
