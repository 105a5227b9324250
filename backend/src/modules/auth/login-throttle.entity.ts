import { EntityRepositoryType, type Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { LoginThrottleRepository } from './login-throttle.repository.js';

/**
 * Failed sign-ins per key (`user:<name>` and `ip:<address>`). Kept in PostgreSQL so every app
 * instance sees the same counts.
 */
@Entity({ tableName: 'login_throttles', repository: () => LoginThrottleRepository })
export class LoginThrottle {
  [EntityRepositoryType]?: LoginThrottleRepository;

  @PrimaryKey({ type: 'string', length: 400 })
  key!: string;

  @Property({ type: 'integer', default: 0 })
  failures: Opt<number> = 0;

  @Property({ type: 'datetime' })
  windowStartedAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', nullable: true })
  lockedUntil?: Date | null;
}
