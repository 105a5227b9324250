import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { LoginLockedError } from './auth.errors.js';
import { LoginThrottle } from './login-throttle.entity.js';

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
    const seconds = await this.em.getRepository(LoginThrottle).lockedSeconds(key);
    if (seconds !== null) this.refuse(seconds);
  }

  /** Counts a failure; the failure that reaches the limit starts the lock. */
  async recordFailure(key: string): Promise<void> {
    const { maxFailures, lockMinutes } = this.config.login;
    await this.em.getRepository(LoginThrottle).recordFailure(key, maxFailures, lockMinutes);
  }

  async reset(key: string): Promise<void> {
    await this.em.getRepository(LoginThrottle).reset(key);
  }

  private refuse(seconds: number): never {
    throw new LoginLockedError(Math.max(1, Math.ceil(seconds / 60)));
  }
}
