import type { EntityManager } from '@mikro-orm/postgresql';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { create as createTar } from 'tar';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';

/**
 * A customer's data (issue 35, GDPR art. 15): every row that names them, as the database holds it
 * (all columns, snake_case), in `customer.json`, plus the files in `files/`. Recordings live at
 * Twilio or Retell (call_logs.recording_url), not in our storage: their URLs are in the JSON.
 */
export interface CustomerData {
  customer: Record<string, unknown> | null;
  tickets: Record<string, unknown>[];
  call_logs: Record<string, unknown>[];
  messages: Record<string, unknown>[];
  attachments: Record<string, unknown>[];
  activities: Record<string, unknown>[];
  notifications: Record<string, unknown>[];
}

/** Reads the customer's rows (one short statement per table) on a tenant-scoped EntityManager. */
export async function readCustomerData(em: EntityManager, customerId: string): Promise<CustomerData> {
  const sql = tenantSql(em);
  const [customer] = await sql.execute(`select c.* from customers c where @tenant(c) and c.id = ?`, [customerId]);
  const tickets = await sql.execute(`select t.* from tickets t where @tenant(t) and t.customer_id = ? order by t.created_at, t.id`, [customerId]);
  const theirs = `(select t.id from tickets t where @tenant(t) and t.customer_id = ?)`;
  const callLogs = await sql.execute(
    `select l.* from call_logs l where @tenant(l) and (l.customer_id = ? or l.ticket_id in ${theirs}) order by l.created_at, l.id`,
    [customerId, customerId],
  );
  const messages = await sql.execute(`select m.* from ticket_messages m where @tenant(m) and m.ticket_id in ${theirs} order by m.created_at, m.id`, [customerId]);
  const attachments = await sql.execute(`select a.* from ticket_attachments a where @tenant(a) and a.ticket_id in ${theirs} order by a.created_at, a.id`, [customerId]);
  const activities = await sql.execute(`select a.* from ticket_activities a where @tenant(a) and a.ticket_id in ${theirs} order by a.created_at, a.id`, [customerId]);
  const notifications = await sql.execute(
    `select n.* from notifications n where @tenant(n) and (n.related_entity_id = ? or n.related_entity_id in (select t.id::text from tickets t where @tenant(t) and t.customer_id = ?)
       or n.related_entity_id in (select l.id::text from call_logs l where @tenant(l) and (l.customer_id = ? or l.ticket_id in ${theirs})))
     order by n.created_at, n.id`,
    [customerId, customerId, customerId, customerId],
  );
  return { customer: customer ?? null, tickets, call_logs: callLogs, messages, attachments, activities, notifications };
}

/** A file's name inside the archive: `files/<attachment id>-<its name, made safe>`. */
export function archiveFileName(attachment: Record<string, unknown>): string {
  const name = String(attachment.file_name ?? 'file').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'file';
  return `files/${String(attachment.id)}-${name}`;
}

/**
 * Writes `customer.json` and the attachments' bytes (read one at a time through `readFile`) into
 * `directory`, then packs them as `archive` (tar.gz). `onFile` is told after each file (progress).
 */
export async function writeCustomerArchive(
  data: CustomerData,
  directory: string,
  archive: string,
  readFile: (objectPath: string) => Promise<Buffer>,
  onFile: (done: number) => Promise<void>,
): Promise<number> {
  const root = join(directory, 'customer-data');
  await mkdir(join(root, 'files'), { recursive: true });
  const attachments: Record<string, unknown>[] = data.attachments.map((a) => ({ ...a, archive_path: archiveFileName(a) }));
  let done = 0;
  for (const attachment of attachments) {
    await writeFile(join(root, String(attachment.archive_path)), await readFile(String(attachment.object_path)));
    done += 1;
    await onFile(done);
  }
  const document = { format: 'warranty-crm.customer-data/1', exported_at: new Date().toISOString(), ...data, attachments };
  await writeFile(join(root, 'customer.json'), JSON.stringify(document, null, 2));
  await createTar({ gzip: true, file: archive, cwd: root, portable: true }, ['customer.json', 'files']);
  return done + 1;
}
