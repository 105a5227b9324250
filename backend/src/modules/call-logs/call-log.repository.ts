import { type FilterQuery, LockMode } from '@mikro-orm/core';
import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import type { CallLog } from './call-log.entity.js';

/** The call log's figures for the Phone System's header. */
export interface CallLogStats {
  total: number;
  unread: number;
  unreturned: number;
  with_ticket: number;
  without_ticket: number;
}

/** What a voicemail's call log already holds of the facts Twilio's callbacks bring (VoicemailRecorder). */
export interface NotedVoicemail {
  brandPhoneId: string | null;
  fromPhone: string | null;
  toPhone: string | null;
  callerName: string | null;
  recordingSid: string | null;
  recordingUrl: string | null;
  recordingDuration: number | null;
  transcription: string | null;
  transcriptionStatus: string | null;
}

const NOTED_VOICEMAIL_SQL = `select brand_phone_id as "brandPhoneId", from_phone as "fromPhone", to_phone as "toPhone",
        caller_name as "callerName", recording_sid as "recordingSid", recording_url as "recordingUrl",
        recording_duration as "recordingDuration", transcription, transcription_status as "transcriptionStatus"
   from call_logs where @tenant() and call_sid = ?`;

/**
 * The call log's queries (the entity's MikroORM repository: `em.getRepository(CallLog)`); the
 * services keep the rules. Every read is the organization's (the tenant filter, TenantSql).
 */
export class CallLogRepository extends EntityRepository<CallLog> {
  /** The organization's call log, locked for the transaction (a ticket is being made from it). */
  lockedOfOrganization(organizationId: string, id: string): Promise<CallLog | null> {
    return this.findOne({ id, organization: organizationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** Voicemails nobody has opened yet. */
  unreadVoicemails(): Promise<number> {
    return this.count({ callType: 'voicemail', isRead: false });
  }

  /** One page of the calls matching all of `where`, in `direction` by `orderField` then id, with the total. */
  page(
    where: FilterQuery<CallLog>[],
    orderField: 'createdAt' | 'recordingDuration',
    direction: 'asc' | 'desc',
    offset: number,
    limit: number,
  ): Promise<[CallLog[], number]> {
    return this.findAndCount({ $and: where } as FilterQuery<CallLog>, {
      orderBy: { [orderField]: direction, id: direction },
      offset,
      limit,
      populate: ['returnedBy'],
    });
  }

  /** Counts of the calls (of one brand when given). */
  async stats(brand?: string): Promise<CallLogStats> {
    const [r] = await tenantSql(this.getEntityManager() as EntityManager).execute<{ total: string; unread: string; unreturned: string; with_ticket: string }[]>(
      `select count(*) as total,
              count(*) filter (where not is_read) as unread,
              count(*) filter (where not is_returned) as unreturned,
              count(*) filter (where ticket_id is not null) as with_ticket
         from call_logs where @tenant() and (?::text is null or brand = ?)`,
      [brand ?? null, brand ?? null],
    );
    const total = Number(r.total);
    const withTicket = Number(r.with_ticket);
    return { total, unread: Number(r.unread), unreturned: Number(r.unreturned), with_ticket: withTicket, without_ticket: total - withTicket };
  }

  /**
   * The organization's call log of this CallSid as the callbacks see it (null when there is none
   * here), in one prepared read on the pool: no transaction, no lock, no entity.
   */
  async notedVoicemail(callSid: string): Promise<NotedVoicemail | null> {
    const [row] = await tenantSql(this.getEntityManager() as EntityManager).executePrepared<NotedVoicemail>(NOTED_VOICEMAIL_SQL, [callSid]);
    return row ?? null;
  }

  /** Inserts a voicemail's row for a CallSid unless one exists (in any organization: call_sid is unique). */
  async insertVoicemailOnce(organizationId: string, callSid: string): Promise<void> {
    await this.getEntityManager().execute(
      `insert into call_logs (organization_id, call_sid, call_type) values (?, ?, 'voicemail') on conflict (call_sid) do nothing`,
      [organizationId, callSid],
    );
  }

  /** Inserts an AI agent call's row unless its Retell call id exists; true when this call inserted it. */
  async insertAgentCallOnce(row: {
    organizationId: string;
    retellCallId: string;
    brand: string | null;
    fromPhone: string | null;
    toPhone: string | null;
    createdAt: Date;
  }): Promise<boolean> {
    const result = await this.createQueryBuilder()
      .insert({
        organization: row.organizationId,
        retellCallId: row.retellCallId,
        callType: 'call',
        brand: row.brand,
        fromPhone: row.fromPhone,
        toPhone: row.toPhone,
        createdAt: row.createdAt,
      })
      .onConflict('retellCallId')
      .ignore()
      .execute('run');
    return result.affectedRows > 0;
  }

  byId(id: string): Promise<CallLog | null> {
    return this.findOne({ id });
  }

  /** The organization's call log, with who returned it. */
  ofOrganization(organizationId: string, id: string): Promise<CallLog | null> {
    return this.findOne({ id, organization: organizationId }, { populate: ['returnedBy'] });
  }

  /** An outbound (click-to-call) call's log. */
  outboundCall(id: string): Promise<CallLog | null> {
    return this.findOne({ id, callType: 'call' });
  }

  /** The call log of a CallSid, locked for update and read again (the tenant filter hides another organization's). */
  lockedByCallSid(callSid: string): Promise<CallLog | null> {
    return this.findOne({ callSid }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  /** The organization's call log of a Retell call id, locked for update. */
  lockedByRetellCallId(organizationId: string, retellCallId: string): Promise<CallLog | null> {
    return this.findOne({ retellCallId, organization: organizationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The calls linked to a ticket, newest first. */
  ofTicket(ticketId: string): Promise<CallLog[]> {
    return this.find({ ticket: ticketId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }
}
