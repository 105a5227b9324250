import { updateGuardSql } from '../../../database/update-guard.js';
import { FIRST_RESPONSE_ROW, OVERDUE_UNANSWERED_N, RESOLUTION_ROW, RESPONDED_N, RESPONDED_ON_TIME_N } from './rollup-sql.js';

/**
 * The rollup row a writer adds to: its database session's stripe. Each rollup key has up to
 * ROLLUP_STRIPES rows, summed by every reader, so concurrent transactions (one per connection)
 * update different rows and do not queue on each other's row locks until they commit: creates in
 * one organization run in parallel. The rebuild writes stripe 0.
 */
export const ROLLUP_STRIPES = 16;
const STRIPE = `(pg_backend_pid() % ${ROLLUP_STRIPES})::smallint`;

/** The stripe column of the generated SQL, or none (the functions as they were before stripes). */
interface Striping {
  /** `, stripe` in column lists and keys, or ''. */
  column: string;
  /** `, <the session's stripe> as stripe` in a select list, or ''. */
  value: string;
}

function striping(striped: boolean): Striping {
  return striped ? { column: ', stripe', value: `, ${STRIPE} as stripe` } : { column: '', value: '' };
}

/**
 * The measures of ticket_rollups and ticket_totals, in the order of the contributions' sums below
 * (n, fn, fs, rn, rs, an, ok, od). Rows of one key add up measure by measure.
 */
export const ROLLUP_MEASURES = [
  'tickets',
  'first_response_n',
  'first_response_seconds',
  'resolution_n',
  'resolution_seconds',
  'responded_n',
  'responded_on_time_n',
  'overdue_unanswered_n',
] as const;

/** An upsert's `do update set` that adds the excluded row's measures to the row `r`. */
export function addMeasures(measures: readonly string[]): string {
  return measures.map((m) => `${m} = r.${m} + excluded.${m}`).join(', ');
}

const ADD_MEASURES = addMeasures(ROLLUP_MEASURES);

/** A tickets row's contribution to ticket_rollups (sign -1 takes it back). */
function rollupContribution(table: string, sign: 1 | -1, s: Striping): string {
  const m = sign === 1 ? '' : '-';
  return `select organization_id, (created_at at time zone 'UTC')::date as day, status, product_brand, priority${s.value}, ${sign} as n,
           ${m}(first_response_at is not null)::int as fn, ${m}coalesce(extract(epoch from first_response_at - created_at), 0) as fs,
           ${m}(resolved_at is not null)::int as rn, ${m}coalesce(extract(epoch from resolved_at - created_at), 0) as rs,
           ${m}${RESPONDED_N} as an, ${m}${RESPONDED_ON_TIME_N} as ok, ${m}${OVERDUE_UNANSWERED_N} as od
    from ${table}`;
}

function applyRollups(contributions: string[], s: Striping): string {
  return `with c as (${contributions.join('\n    union all\n    ')}),
  daily as (
    insert into ticket_rollups as r (organization_id, day, status, product_brand, priority${s.column}, ${ROLLUP_MEASURES.join(', ')})
    select organization_id, day, status, product_brand, priority${s.column}, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
    from c
    group by organization_id, day, status, product_brand, priority${s.column}
    having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
    order by organization_id, day, status, product_brand, priority${s.column}
    on conflict (organization_id, day, status, product_brand, priority${s.column}) do update set
      ${ADD_MEASURES}
    returning 1
  )
  insert into ticket_totals as r (organization_id, status, product_brand, priority${s.column}, ${ROLLUP_MEASURES.join(', ')})
  select organization_id, status, product_brand, priority${s.column}, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
  from c
  group by organization_id, status, product_brand, priority${s.column}
  having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
  order by organization_id, status, product_brand, priority${s.column}
  on conflict (organization_id, status, product_brand, priority${s.column}) do update set
    ${ADD_MEASURES};`;
}

/** A history row's contribution to ticket_status_flow: it enters to_status and leaves from_status. */
function flowContribution(table: string, sign: 1 | -1, s: Striping): string {
  const day = `(created_at at time zone 'UTC')::date`;
  return `select organization_id, ${day} as day, to_status as status${s.value}, ${sign} as d from ${table}
    union all
    select organization_id, ${day}, from_status${s.value}, ${-sign} from ${table} where from_status is not null`;
}

function applyFlow(contributions: string[], s: Striping): string {
  return `insert into ticket_status_flow as f (organization_id, day, status${s.column}, delta)
  select organization_id, day, status${s.column}, sum(d)
  from (${contributions.join('\n    union all\n    ')}) c
  group by organization_id, day, status${s.column}
  having sum(d) <> 0
  order by organization_id, day, status${s.column}
  on conflict (organization_id, day, status${s.column}) do update set delta = f.delta + excluded.delta;`;
}

/**
 * New history rows can only bring a ticket's first-response / resolution instant earlier. Only a row
 * that can set one updates the tickets: a create's first row (to Open, from nothing) sets neither, and
 * an UPDATE that matches no row still runs the tickets' statement triggers.
 */
const FIRSTS_ON_INSERT = `if exists (select 1 from new_rows where (${FIRST_RESPONSE_ROW}) or ${RESOLUTION_ROW}) then
    update tickets t set
      first_response_at = case when n.fr is not null and (t.first_response_at is null or n.fr < t.first_response_at) then n.fr else t.first_response_at end,
      resolved_at = case when n.rs is not null and (t.resolved_at is null or n.rs < t.resolved_at) then n.rs else t.resolved_at end
    from (
      select ticket_id,
             min(created_at) filter (where ${FIRST_RESPONSE_ROW}) as fr,
             min(created_at) filter (where ${RESOLUTION_ROW}) as rs
      from new_rows group by ticket_id
    ) n
    where t.id = n.ticket_id
      and ((n.fr is not null and (t.first_response_at is null or n.fr < t.first_response_at))
        or (n.rs is not null and (t.resolved_at is null or n.rs < t.resolved_at)));
    end if;`;

/** Changed or removed history rows: recompute the instants of the tickets concerned (still there). */
function firstsRecomputed(ids: string): string {
  return `update tickets t set first_response_at = x.fr, resolved_at = x.rs
    from (
      select t2.id,
             (select min(h.created_at) from ticket_status_changes h
               where h.ticket_id = t2.id and h.to_status <> 'Open' and h.from_status is not null) as fr,
             (select min(h.created_at) from ticket_status_changes h
               where h.ticket_id = t2.id and h.to_status in ('Closed', 'Resolved')) as rs
      from tickets t2
      where t2.id in (${ids})
    ) x
    where t.id = x.id and (t.first_response_at is distinct from x.fr or t.resolved_at is distinct from x.rs);`;
}

/** What ticket_rollups_apply reads of a ticket (rollupContribution). */
const ROLLUP_COLUMNS = ['organization_id', 'created_at', 'status', 'product_brand', 'priority', 'first_response_at', 'resolved_at', 'responded_at', 'respond_by', 'overdue_notified_at'];
/** What ticket_status_flow_apply reads of a history row. */
const FLOW_COLUMNS = ['organization_id', 'ticket_id', 'created_at', 'from_status', 'to_status'];

/**
 * Statement-level triggers with transition tables: a bulk statement of 100,000 rows makes one
 * grouped upsert, not 100,000. Groups are upserted in key order so concurrent writers lock rollup
 * rows in the same order (no deadlock between them). PL/pgSQL plans each statement on first use,
 * so a branch may name a transition table that only its own event has.
 */
export function rollupFunctionsSql(striped: boolean): string {
  const s = striping(striped);
  return `
create or replace function "ticket_rollups_apply"() returns trigger language plpgsql as $fn$
begin
${updateGuardSql('ticket_rollups', ROLLUP_COLUMNS)}  if TG_OP = 'INSERT' then
    ${applyRollups([rollupContribution('new_rows', 1, s)], s)}
  elsif TG_OP = 'UPDATE' then
    ${applyRollups([rollupContribution('new_rows', 1, s), rollupContribution('old_rows', -1, s)], s)}
  else
    ${applyRollups([rollupContribution('old_rows', -1, s)], s)}
  end if;
  return null;
end $fn$;

create or replace function "ticket_status_flow_apply"() returns trigger language plpgsql as $fn$
begin
${updateGuardSql('ticket_status_flow', FLOW_COLUMNS)}  if TG_OP = 'INSERT' then
    ${applyFlow([flowContribution('new_rows', 1, s)], s)}
    ${FIRSTS_ON_INSERT}
  elsif TG_OP = 'UPDATE' then
    ${applyFlow([flowContribution('new_rows', 1, s), flowContribution('old_rows', -1, s)], s)}
    ${firstsRecomputed('select ticket_id from old_rows union select ticket_id from new_rows')}
  else
    ${applyFlow([flowContribution('old_rows', -1, s)], s)}
    ${firstsRecomputed('select ticket_id from old_rows')}
  end if;
  return null;
end $fn$;

`;
}

/** The current functions: striped rows (Migration20261127000000ParallelCreates), guarded (Migration20261203000000UpdateGuards). */
export const ROLLUP_FUNCTIONS_SQL = rollupFunctionsSql(true);

/** The triggers calling these functions, declared with the entities of the tables they are on. */
export { STATUS_CHANGES_TRIGGERS, TICKETS_TRIGGERS } from '../../tickets/ticket-triggers.js';
