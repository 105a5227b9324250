import { Migration } from '@mikro-orm/migrations';

/**
 * The session cache's invalidations (issue 32, common/auth/session-cache.ts): every change of a user
 * (update or delete: password, role, removal, profile, organization) and every session deleted
 * (logout, sessions ended; not the expired rows the pruning removes) or rewritten NOTIFYs the channel
 * wcrm_session_cache at commit, so each app instance drops what it cached. Payloads: `u:<id>,…` and
 * `s:<sid>,…`, at most 100 ids each (NOTIFY takes under 8000 bytes). Frozen SQL.
 */
export class Migration20261202700000SessionCache extends Migration {

  override name = 'Migration20261202700000SessionCache';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "session_cache_users_changed"() returns trigger language plpgsql as $$
begin
  perform pg_notify('wcrm_session_cache', 'u:' || string_agg(id::text, ','))
  from (select id, (row_number() over ()) / 100 as chunk from (select distinct id from old_rows) d) c
  group by chunk;
  return null;
end $$;`);
    this.addSql(`create or replace function "session_cache_sessions_deleted"() returns trigger language plpgsql as $$
begin
  perform pg_notify('wcrm_session_cache', 's:' || string_agg(sid, ','))
  from (select sid, (row_number() over ()) / 100 as chunk from old_rows where expire >= now()) c
  group by chunk;
  return null;
end $$;`);
    this.addSql(`create or replace function "session_cache_sessions_rewritten"() returns trigger language plpgsql as $$
begin
  perform pg_notify('wcrm_session_cache', 's:' || string_agg(sid, ','))
  from (select n.sid, (row_number() over ()) / 100 as chunk
        from new_rows n join old_rows o on o.sid = n.sid
        where n.sess is distinct from o.sess) c
  group by chunk;
  return null;
end $$;`);
    this.addSql(`create trigger "users_session_cache_update" after update on "users" referencing old table as old_rows for each statement execute function "session_cache_users_changed"();`);
    this.addSql(`create trigger "users_session_cache_delete" after delete on "users" referencing old table as old_rows for each statement execute function "session_cache_users_changed"();`);
    this.addSql(`create trigger "session_cache_delete" after delete on "session" referencing old table as old_rows for each statement execute function "session_cache_sessions_deleted"();`);
    this.addSql(`create trigger "session_cache_update" after update on "session" referencing old table as old_rows new table as new_rows for each statement execute function "session_cache_sessions_rewritten"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "session_cache_update" on "session";`);
    this.addSql(`drop trigger if exists "session_cache_delete" on "session";`);
    this.addSql(`drop trigger if exists "users_session_cache_delete" on "users";`);
    this.addSql(`drop trigger if exists "users_session_cache_update" on "users";`);
    this.addSql(`drop function if exists "session_cache_sessions_rewritten"();`);
    this.addSql(`drop function if exists "session_cache_sessions_deleted"();`);
    this.addSql(`drop function if exists "session_cache_users_changed"();`);
  }
}
