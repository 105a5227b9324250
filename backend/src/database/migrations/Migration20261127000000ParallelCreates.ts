import { Migration } from '@mikro-orm/migrations';
import {
  CREATE_EXISTING_TICKET_NUMBER_SEQUENCE_V1,
  LOOP_ORGANIZATION_SEQUENCE_V1,
  ORGANIZATION_ROW_SEQUENCE_V1,
  ORGANIZATION_TRIGGER_FUNCTION_SQL_V1 as ORGANIZATION_TRIGGER_FUNCTION_SQL,
  ORGANIZATION_TRIGGERS_V1 as ORGANIZATION_TRIGGERS,
  REBUILD_ROLLUPS_SQL_V2,
  ROLLUP_FUNCTIONS_SQL_V3 as ROLLUP_FUNCTIONS_SQL,
} from './frozen/parallel-creates-v1.js';
import { ROLLUP_FUNCTIONS_SQL_V2 } from './frozen/response-promises-v1.js';

/** Each rollup table's unique key, without and with the stripe. */
const KEYS = [
  { table: 'ticket_rollups', index: 'ticket_rollups_key', columns: '"organization_id", "day", "status", "product_brand", "priority"' },
  { table: 'ticket_totals', index: 'ticket_totals_key', columns: '"organization_id", "status", "product_brand", "priority"' },
] as const;

/**
 * Creates in one organization no longer queue behind each other until commit (issue 18, "ticket
 * create ≥ 300 req/s"). Two row locks held from the middle of a create to its commit serialised them:
 *
 * - the ticket counter on the organization's row: ticket numbers now come from a sequence per
 *   organization (tickets/ticket-number-sql.ts), created with the organization by a trigger. nextval
 *   holds no lock until commit; a rolled-back create leaves a gap in the numbers (the spec asks
 *   unique and required, as the unique index keeps them). Existing organizations continue from
 *   their counter, whose column goes.
 * - the rollup rows of "today": every rollup key now has up to ROLLUP_STRIPES rows (a `stripe`
 *   column in the key), each writer adding to its database session's stripe; readers already sum.
 */
export class Migration20261127000000ParallelCreates extends Migration {

  override name = 'Migration20261127000000ParallelCreates';

  override up(): void | Promise<void> {
    for (const key of KEYS) {
      this.addSql(`alter table "${key.table}" add column "stripe" smallint not null default 0;`);
      this.addSql(`drop index "${key.index}";`);
      this.addSql(`create unique index "${key.index}" on "${key.table}" (${key.columns}, "stripe") nulls not distinct;`);
    }
    this.addSql(`alter table "ticket_status_flow" add column "stripe" smallint not null default 0;`);
    this.addSql(`alter table "ticket_status_flow" drop constraint "ticket_status_flow_pkey", add constraint "ticket_status_flow_pkey" primary key ("organization_id", "day", "status", "stripe");`);
    this.addSql(ROLLUP_FUNCTIONS_SQL);

    this.addSql(ORGANIZATION_TRIGGER_FUNCTION_SQL);
    for (const trigger of ORGANIZATION_TRIGGERS) this.addSql(`${trigger.expression};`);
    this.addSql(`do $do$ declare o record; begin
      for o in select id, ticket_counter from organizations order by id loop
        ${CREATE_EXISTING_TICKET_NUMBER_SEQUENCE_V1}
      end loop;
    end $do$;`);
    this.addSql(`alter table "organizations" drop column "ticket_counter";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "organizations" add column "ticket_counter" int not null default 0;`);
    this.addSql(`update "organizations" set "ticket_counter" = coalesce((select last_value from pg_sequences
      where schemaname = current_schema() and sequencename = ${ORGANIZATION_ROW_SEQUENCE_V1}), 0);`);
    for (const trigger of ORGANIZATION_TRIGGERS) this.addSql(`drop trigger if exists "${trigger.name}" on "organizations";`);
    this.addSql(`do $do$ declare o record; begin
      for o in select id from organizations loop
        execute format('drop sequence if exists %I', ${LOOP_ORGANIZATION_SEQUENCE_V1});
      end loop;
    end $do$;`);
    this.addSql(`drop function if exists "organizations_ticket_numbers"();`);

    // The rollups go back to one row per key: emptied, unstriped, then recomputed from a scan.
    this.addSql(ROLLUP_FUNCTIONS_SQL_V2);
    this.addSql(`truncate "ticket_rollups", "ticket_totals", "ticket_status_flow";`);
    this.addSql(`alter table "ticket_status_flow" drop constraint "ticket_status_flow_pkey";`);
    this.addSql(`alter table "ticket_status_flow" drop column "stripe", add constraint "ticket_status_flow_pkey" primary key ("organization_id", "day", "status");`);
    for (const key of KEYS) {
      this.addSql(`alter table "${key.table}" drop column "stripe";`);
      this.addSql(`create unique index "${key.index}" on "${key.table}" (${key.columns}) nulls not distinct;`);
    }
    this.addSql(REBUILD_ROLLUPS_SQL_V2);
  }

}
