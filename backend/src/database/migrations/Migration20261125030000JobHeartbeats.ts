import { Migration } from '@mikro-orm/migrations';

/**
 * The job workers' heartbeats: each instance's queue workers write theirs every few seconds, and a
 * worker whose heartbeat stopped (its process was killed) gets the jobs it had locked released
 * (graphile_worker.force_unlock_workers) instead of their lock expiring after four hours.
 */
export class Migration20261125030000JobHeartbeats extends Migration {
  override name = 'Migration20261125030000JobHeartbeats';

  override up(): void {
    this.addSql(`create table "job_worker_heartbeats" ("worker_id" text not null, "heartbeat_at" timestamptz not null default now(), primary key ("worker_id"));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "job_worker_heartbeats";`);
  }
}
