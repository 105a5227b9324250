import { Migration } from '@mikro-orm/migrations';

/**
 * Browser alerts are published by the fan-out itself now: queued jobs of the removed
 * `notifications.browser` task would wait forever for a worker that knows them. (The queue's
 * schema is installed after these migrations, so a new database has none.)
 */
export class Migration20261128000000BrowserAlertsInFanOut extends Migration {
  override name = 'Migration20261128000000BrowserAlertsInFanOut';

  override up(): void {
    this.addSql(`do $$ begin
  if to_regclass('graphile_worker._private_jobs') is not null then
    delete from graphile_worker._private_jobs
     where task_id in (select id from graphile_worker._private_tasks where identifier = 'notifications.browser');
  end if;
end $$;`);
  }

  override down(): void {
    // The alerts of the jobs removed are long past; nothing to bring back.
  }
}
