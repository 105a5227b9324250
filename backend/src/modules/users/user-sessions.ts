import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/**
 * Ends stored sessions of a user. Sessions live in the "session" table (connect-pg-simple) and keep
 * the user id at sess.passport.user, which is indexed. Runs inside the caller's transaction when
 * given the transaction's EntityManager.
 */
@Injectable()
export class UserSessions {
  constructor(private readonly em: EntityManager) {}

  /** Every session of the user: their next request answers 401. */
  endAll(userId: string, em: EntityManager = this.em): Promise<unknown> {
    return em.execute(`delete from "session" where ("sess" -> 'passport' ->> 'user') = ?`, [userId], 'run');
  }

  /** Every session of the user except the one making the request. */
  endOthers(userId: string, keepSessionId: string, em: EntityManager = this.em): Promise<unknown> {
    return em.execute(
      `delete from "session" where ("sess" -> 'passport' ->> 'user') = ? and "sid" <> ?`,
      [userId, keepSessionId],
      'run',
    );
  }
}
