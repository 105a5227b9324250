import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UsernameTakenError } from './users.errors.js';

/**
 * Flushes a newly created user. Usernames are unique across organizations in any letter case (a
 * unique index on lower(username)), so a taken name — also one taken by a simultaneous request —
 * ends here as a 409, whichever way the user was created (registration or invitation).
 */
export async function saveNewUser(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    em.clear();
    throw new UsernameTakenError();
  }
}
