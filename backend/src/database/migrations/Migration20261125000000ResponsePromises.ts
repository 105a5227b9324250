import { Migration } from '@mikro-orm/migrations';
import {
  DEFAULT_RESPONSE_HOURS_V1 as DEFAULT_RESPONSE_HOURS,
  ROLLUP_FUNCTIONS_SQL_V2,
  SLA_INDEXES_V1 as SLA_INDEXES,
  SUPPORT_CATEGORIES_V1 as SUPPORT_CATEGORIES,
  SUPPORT_RESOLUTION_V1 as SUPPORT_RESOLUTION,
  WARRANTY_REMEDIES_V1 as WARRANTY_REMEDIES,
} from './frozen/response-promises-v1.js';

const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/**
 * Response promises (issue 17, part A): each ticket's respond_by, its first response and the
 * overdue report; the organization's two promised durations; the rollups' response-promise counts.
 *
 * Existing tickets get the promise of their kind at the defaults (responseKind() of the contract,
 * written once here as SQL), their first response from what the records show (the first status
 * change, the first returned linked call; notes before this change left no trace), and those
 * already past their promise unanswered are marked reported without a notification (no flood of
 * old news on the first scan). The rollup function is replaced before those writes, so the
 * triggers count them: no rebuild needed.
 */
export class Migration20261125000000ResponsePromises extends Migration {

  override name = 'Migration20261125000000ResponsePromises';

  override up(): void | Promise<void> {
    this.addSql(`alter table "system_settings" add column "warranty_response_hours" int not null default ${DEFAULT_RESPONSE_HOURS.warranty}, add column "support_response_hours" int not null default ${DEFAULT_RESPONSE_HOURS.technical_support};`);
    this.addSql(`alter table "tickets" add column "respond_by" timestamptz null, add column "responded_at" timestamptz null, add column "overdue_notified_at" timestamptz null;`);

    for (const table of ['ticket_rollups', 'ticket_totals']) {
      this.addSql(`alter table "${table}" add column "responded_n" int not null default 0, add column "responded_on_time_n" int not null default 0, add column "overdue_unanswered_n" int not null default 0;`);
    }
    // As the functions were then: one row per key (Migration20261127000000ParallelCreates added stripes).
    this.addSql(ROLLUP_FUNCTIONS_SQL_V2);

    this.addSql(`update "tickets" set "respond_by" = "created_at" + make_interval(hours => case
        when "preferred_resolution" = '${SUPPORT_RESOLUTION}' then ${DEFAULT_RESPONSE_HOURS.technical_support}
        when "preferred_resolution" in (${quoted(WARRANTY_REMEDIES)}) then ${DEFAULT_RESPONSE_HOURS.warranty}
        when "issue_category" in (${quoted(SUPPORT_CATEGORIES)}) then ${DEFAULT_RESPONSE_HOURS.technical_support}
        else ${DEFAULT_RESPONSE_HOURS.warranty} end),
      "responded_at" = least(
        (select min(h."created_at") from "ticket_status_changes" h where h."ticket_id" = "tickets"."id" and h."from_status" is not null),
        (select min(c."returned_at") from "call_logs" c where c."ticket_id" = "tickets"."id" and c."is_returned"));`);
    this.addSql(`update "tickets" set "overdue_notified_at" = "respond_by" where "responded_at" is null and "respond_by" <= now();`);

    for (const index of Object.values(SLA_INDEXES)) this.addSql(`${index.create};`);
  }

  override down(): void | Promise<void> {
    for (const index of Object.values(SLA_INDEXES)) this.addSql(`drop index if exists "${index.name}";`);
    this.addSql(`alter table "tickets" drop column "respond_by", drop column "responded_at", drop column "overdue_notified_at";`);
    this.addSql(`alter table "system_settings" drop column "warranty_response_hours", drop column "support_response_hours";`);
    for (const table of ['ticket_rollups', 'ticket_totals']) {
      this.addSql(`alter table "${table}" drop column "responded_n", drop column "responded_on_time_n", drop column "overdue_unanswered_n";`);
    }
  }

}
