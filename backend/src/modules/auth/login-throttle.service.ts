import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { LoginLockedError } from './auth.errors.js';

/**
 * Locks sign-in for a username from one address after repeated failures. The counters live in
 * PostgreSQL and are changed with single atomic statements, so parallel attempts and several app
 * instances count together.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  static key(username: string, address: string): string {
    return `${username.trim().toLowerCase()}|${address}`.slice(0, 400);
  }

  /** Throws LoginLockedError (429) while the key is locked. */
  async assertAllowed(key: string): Promise<void> {
    const rows = await this.em.getConnection().execute<{ seconds: number }[]>(
      `select ceil(extract(epoch from (locked_until - now())))::int as seconds
         from login_throttles where key = ? and locked_until > now()`,
      [key],
    );
    if (rows.length) this.refuse(rows[0].seconds);
  }

  /** Counts a failure; the failure that reaches the limit starts the lock. */
  async recordFailure(key: string): Promise<void> {
    const { maxFailures, lockMinutes } = this.config.login;
    await this.em.getConnection().execute(
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
    await this.em.getConnection().execute('delete from login_throttles where key = ?', [key]);
  }

  private refuse(seconds: number): never {
    throw new LoginLockedError(Math.max(1, Math.ceil(seconds / 60)));
  }
}
