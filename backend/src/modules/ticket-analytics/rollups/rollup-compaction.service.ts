import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ScheduledTask } from '../../../common/jobs/job-decorators.js';
import { addMeasures, ROLLUP_MEASURES } from './rollup-triggers.js';

/** The day-keyed rollup tables: their key (without the stripe) and measures. */
const DAILY_TABLES: { table: string; key: string[]; measures: readonly string[] }[] = [
  { table: 'ticket_rollups', key: ['organization_id', 'day', 'status', 'product_brand', 'priority'], measures: ROLLUP_MEASURES },
  { table: 'ticket_status_flow', key: ['organization_id', 'day', 'status'], measures: ['delta'] },
];

/**
 * Folds the stripes of past days into stripe 0. Writers spread a key over up to ROLLUP_STRIPES
 * rows (one per database session) so concurrent creates do not queue; creates write only today's
 * rows, so past days' stripes are settled, and folding them keeps the rows a window reads at one
 * per key. ticket_totals has no day: its rows are bounded (statuses × brands × priorities ×
 * stripes per organization) and stay striped.
 *
 * Rows are locked in key order, the order writers lock them, so a fold never deadlocks a writer
 * (an old ticket's status change still writes its creation day's row); each table is its own
 * statement and transaction. Maintenance of the rollups themselves, for every organization at once,
 * like the rebuild: no tenant's data is read or changed, only regrouped.
 */
@Injectable()
export class RollupCompaction {
  constructor(private readonly em: EntityManager) {}

  @ScheduledTask('tickets.rollups-compact', '41 * * * *')
  async compact(): Promise<number> {
    let folded = 0;
    for (const { table, key, measures } of DAILY_TABLES) {
      const keys = key.join(', ');
      const [row] = await this.em.getConnection().execute<{ n: number }[]>(
        `with locked as (
           select ctid from ${table} where stripe <> 0 and day < (now() at time zone 'UTC')::date
           order by ${keys}, stripe for update
         ),
         moved as (delete from ${table} r using locked where r.ctid = locked.ctid returning r.*),
         folded as (
           insert into ${table} as r (${keys}, stripe, ${measures.join(', ')})
           select ${keys}, 0, ${measures.map((m) => `sum(${m})`).join(', ')} from moved
           group by ${keys} order by ${keys}
           on conflict (${keys}, stripe) do update set ${addMeasures(measures)}
           returning 1
         )
         select (select count(*) from moved)::int as n`,
      );
      folded += row.n;
    }
    return folded;
  }
}
