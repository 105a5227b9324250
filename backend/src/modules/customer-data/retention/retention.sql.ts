import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../../common/tenancy/tenant-sql.js';

/**
 * What a retention policy reaches (issue 35), in raw SQL through the tenant helper: the same
 * predicates count for the dry run and pick the batches of a run. A batch is taken FOR UPDATE SKIP
 * LOCKED in its own short transaction: rows another transaction holds wait for the next batch or run.
 *
 * - a recording: a call log older than its period that still has one (Twilio's sid or a URL);
 * - an attachment: older than its period (a ticket's, or a file an inbound e-mail carried);
 * - a closed ticket: status Closed, not yet anonymised, untouched (updated_at) for its period.
 */
const RECORDINGS = `from call_logs l where @tenant(l) and l.created_at < ? and (l.recording_sid is not null or l.recording_url is not null)`;
const ATTACHMENTS = `from ticket_attachments a where @tenant(a) and a.created_at < ?`;
/** Inbound e-mails older than the attachments' period that still carry files (kept on the message until the attachments table takes them over). */
const MAILED = `from ticket_messages m where @tenant(m) and m.created_at < ? and jsonb_typeof(m.attachments) = 'array' and jsonb_array_length(m.attachments) > 0`;
const CLOSED_TICKETS = `from tickets t where @tenant(t) and t.status = 'Closed' and t.anonymized_at is null and t.updated_at < ?`;

export interface RetentionCutoffs {
  recordings: Date | null;
  attachments: Date | null;
  closedTickets: Date | null;
}

export interface RetentionCounts {
  recordings: number;
  attachments: number;
  closed_tickets: number;
}

async function count(em: EntityManager, from: string, cutoff: Date | null): Promise<number> {
  if (!cutoff) return 0;
  const [row] = await tenantSql(em).execute<{ n: string }[]>(`select count(*) as n ${from}`, [cutoff]);
  return Number(row?.n ?? 0);
}

async function countMailedFiles(em: EntityManager, cutoff: Date | null): Promise<number> {
  if (!cutoff) return 0;
  const [row] = await tenantSql(em).execute<{ n: string | null }[]>(`select sum(jsonb_array_length(m.attachments)) as n ${MAILED}`, [cutoff]);
  return Number(row?.n ?? 0);
}

/** How many rows the periods reach now (the dry run). */
export async function countReached(em: EntityManager, cutoffs: RetentionCutoffs): Promise<RetentionCounts> {
  return {
    recordings: await count(em, RECORDINGS, cutoffs.recordings),
    attachments: (await count(em, ATTACHMENTS, cutoffs.attachments)) + (await countMailedFiles(em, cutoffs.attachments)),
    closed_tickets: await count(em, CLOSED_TICKETS, cutoffs.closedTickets),
  };
}

/** Up to `limit` recordings past the cutoff, forgotten on their call logs; answers the Twilio sids to delete there. */
export async function forgetOldRecordings(em: EntityManager, cutoff: Date, limit: number): Promise<{ count: number; recordingSids: string[] }> {
  const sql = tenantSql(em);
  const rows = await sql.execute<{ id: string; recording_sid: string | null }[]>(
    `select l.id, l.recording_sid ${RECORDINGS} order by l.id limit ? for update of l skip locked`,
    [cutoff, limit],
  );
  if (!rows.length) return { count: 0, recordingSids: [] };
  await sql.execute(
    `update call_logs l set recording_sid = null, recording_url = null where @tenant(l) and l.id = any(?::uuid[])`,
    [`{${rows.map((r) => r.id).join(',')}}`],
    'run',
  );
  return { count: rows.length, recordingSids: rows.flatMap((r) => (r.recording_sid ? [r.recording_sid] : [])) };
}

/** Up to `limit` attachments past the cutoff, deleted; answers their files (and thumbnails) to delete from storage. */
export async function deleteOldAttachments(em: EntityManager, cutoff: Date, limit: number): Promise<{ count: number; objectPaths: string[] }> {
  const sql = tenantSql(em);
  const rows = await sql.execute<{ id: string; object_path: string; thumbnail_path: string | null }[]>(
    `select a.id, a.object_path, a.thumbnail_path ${ATTACHMENTS} order by a.id limit ? for update of a skip locked`,
    [cutoff, limit],
  );
  if (!rows.length) return { count: 0, objectPaths: [] };
  await sql.execute(`delete from ticket_attachments a where @tenant(a) and a.id = any(?::uuid[])`, [`{${rows.map((r) => r.id).join(',')}}`], 'run');
  return { count: rows.length, objectPaths: rows.flatMap((r) => (r.thumbnail_path ? [r.object_path, r.thumbnail_path] : [r.object_path])) };
}

/** Up to `limit` inbound e-mails past the cutoff, their files taken off; answers the files (to delete from storage). */
export async function dropOldMailedFiles(em: EntityManager, cutoff: Date, limit: number): Promise<{ messages: number; objectPaths: string[] }> {
  const sql = tenantSql(em);
  const rows = await sql.execute<{ id: string; attachments: { object_path?: string }[] }[]>(
    `select m.id, m.attachments ${MAILED} order by m.id limit ? for update of m skip locked`,
    [cutoff, limit],
  );
  if (!rows.length) return { messages: 0, objectPaths: [] };
  await sql.execute(`update ticket_messages m set attachments = '[]'::jsonb where @tenant(m) and m.id = any(?::uuid[])`, [`{${rows.map((r) => r.id).join(',')}}`], 'run');
  return { messages: rows.length, objectPaths: rows.flatMap((r) => r.attachments.flatMap((a) => (a.object_path ? [a.object_path] : []))) };
}

/** Up to `limit` closed tickets past the cutoff, locked: their ids and their customers'. */
export async function lockOldClosedTickets(em: EntityManager, cutoff: Date, limit: number): Promise<{ id: string; customer_id: string }[]> {
  return tenantSql(em).execute<{ id: string; customer_id: string }[]>(
    `select t.id, t.customer_id ${CLOSED_TICKETS} order by t.id limit ? for update of t skip locked`,
    [cutoff, limit],
  );
}

/** Deletes these tickets (their messages, activity, attachments and history go with them; call logs stay, unlinked). */
export async function deleteTickets(em: EntityManager, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await tenantSql(em).execute(`delete from tickets t where @tenant(t) and t.id = any(?::uuid[])`, [`{${ids.join(',')}}`], 'run');
}
