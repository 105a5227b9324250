import connectPgSimple from 'connect-pg-simple';
import type { NextFunction, Request, Response } from 'express';
import session, { type SessionData } from 'express-session';
import type pg from 'pg';
import type { Actor } from '../../common/auth/actor.js';

const PgStore = connectPgSimple(session);

/** The session row and its user in one indexed query (both primary keys), prepared once per connection. */
const SESSION_WITH_ACTOR_SQL = `
select s.sess, s.expire, u.id, u.username, u.organization_id, u.is_account_owner, u.role, u.must_change_password
from "session" s
left join users u on u.id = case when (s.sess -> 'passport' ->> 'user') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                 then (s.sess -> 'passport' ->> 'user')::uuid end
where s.sid = $1 and s.expire >= now()`;

const ACTOR = '__actor';
const EXPIRE = '__expire';

interface Loaded extends SessionData {
  [ACTOR]?: Actor | null;
  [EXPIRE]?: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user read together with the session (see ActorSessionStore). */
    sessionActor?: Actor | null;
  }
}

/**
 * connect-pg-simple's store, reading the session together with its user (id, organization, the
 * must-change-password flag) in one query, and writing the rolling expiry back only when it moved
 * by more than `touchAfterMs` — instead of a user query and an UPDATE on every request.
 */
export class ActorSessionStore extends PgStore {
  private readonly storedExpiry = new WeakMap<object, number>();

  constructor(
    private readonly db: pg.Pool,
    options: ConstructorParameters<typeof PgStore>[0],
    private readonly touchAfterMs: number,
  ) {
    super({ ...options, pool: db });
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.db.query({ name: 'session-with-actor', text: SESSION_WITH_ACTOR_SQL, values: [sid] }).then(
      ({ rows }) => {
        const row = rows[0];
        if (!row) return callback(null, null);
        const sess = (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as Loaded;
        sess[ACTOR] = row.id
          ? {
              id: row.id,
              username: row.username,
              organizationId: row.organization_id,
              isAccountOwner: row.is_account_owner,
              role: row.role,
              mustChangePassword: row.must_change_password,
            }
          : null;
        sess[EXPIRE] = new Date(row.expire).getTime();
        callback(null, sess);
      },
      (error: unknown) => callback(error),
    );
  }

  /** Takes the user and the stored expiry off the data before it becomes req.session. */
  override createSession(req: Request, data: SessionData): session.Session & SessionData {
    const loaded = data as Loaded;
    const actor = loaded[ACTOR];
    const expire = loaded[EXPIRE];
    delete loaded[ACTOR];
    delete loaded[EXPIRE];
    const created = super.createSession(req, loaded);
    req.sessionActor = actor ?? null;
    if (expire !== undefined) this.storedExpiry.set(created, expire);
    return created;
  }

  override touch(sid: string, sess: SessionData, callback?: () => void): void {
    const stored = this.storedExpiry.get(sess);
    const next = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : undefined;
    if (stored !== undefined && next !== undefined && next - stored < this.touchAfterMs) {
      callback?.();
      return;
    }
    super.touch(sid, sess, callback);
  }
}

/**
 * Replaces passport.session(): the user the store read with the session becomes req.user when the
 * session names it (a deleted user leaves the request signed out).
 */
export function sessionActor() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const actor = req.sessionActor;
    const userId = (req.session as (SessionData & { passport?: { user?: string } }) | undefined)?.passport?.user;
    if (actor && userId === actor.id) req.user = actor;
    next();
  };
}
