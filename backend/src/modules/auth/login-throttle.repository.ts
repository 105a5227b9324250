import { EntityRepository } from '@mikro-orm/postgresql';
import type { LoginThrottle } from './login-throttle.entity.js';

/**
 * The sign-in throttle's statements (`em.getRepository(LoginThrottle)`): single atomic statements on
 * the connection (outside any transaction), so parallel attempts and several instances count together.
 * Not tenant rows: a sign-in has no organization yet.
 */
export class LoginThrottleRepository extends EntityRepository<LoginThrottle> {
  /** Seconds left of the key's lock, or null when it is not locked. */
  async lockedSeconds(key: string): Promise<number | null> {
    const rows = await this.getEntityManager().getConnection().execute<{ seconds: number }[]>(
      `select ceil(extract(epoch from (locked_until - now())))::int as seconds
         from login_throttles where key = ? and locked_until > now()`,
      [key],
    );
    return rows.length ? rows[0].seconds : null;
  }

  /** Counts a failure in the window; the failure that reaches `maxFailures` locks the key for `lockMinutes`. */
  async recordFailure(key: string, maxFailures: number, lockMinutes: number): Promise<void> {
    await this.getEntityManager().getConnection().execute(
      `insert into login_throttles as t (key, failures, window_started_at, locked_until)
         values (?, 1, now(), case when 1 >= ? then now() + make_interval(mins => ?) end)
       on conflict (key) do update set
         failures = case when t.window_started_at < now() - make_interval(mins => ?) then 1 else t.failures + 1 end,
         window_started_at = case when t.window_started_at < now() - make_interval(mins => ?) then now() else t.window_started_at end,
         locked_until = case
           when (case when t.window_started_at < now() - make_interval(mins => ?) then 1 else t.failures + 1 end) >= ?
           then now() + make_interval(mins => ?) else t.locked_until end`,
      [key, maxFailures, lockMinutes, lockMinutes, lockMinutes, lockMinutes, maxFailures, lockMinutes],
    );
  }

  async reset(key: string): Promise<void> {
    await this.getEntityManager().getConnection().execute('delete from login_throttles where key = ?', [key]);
  }
}
