import connectPgSimple from 'connect-pg-simple';
import type { NextFunction, Request, Response } from 'express';
import session, { type SessionData } from 'express-session';
import type pg from 'pg';
import type { Actor } from '../../common/auth/actor.js';
import type { CachedSession, SessionCache } from '../../common/auth/session-cache.js';

const PgStore = connectPgSimple(session);

/**
 * The session row and its user in one indexed query (both primary keys), prepared once per connection:
 * the user's columns are those GET /api/user answers (user-response.dto.ts), so that route needs no query.
 */
const SESSION_WITH_ACTOR_SQL = `
select s.sess, s.expire, u.id, u.username, u.organization_id, u.is_account_owner, u.role, u.must_change_password,
       u.email, u.first_name, u.last_name, u.phone, u.address, u.notification_email, u.notification_phone, u.created_at, u.last_login
from "session" s
left join users u on u.id = case when (s.sess -> 'passport' ->> 'user') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                 then (s.sess -> 'passport' ->> 'user')::uuid end
where s.sid = $1 and s.expire >= now()`;

const ACTOR = '__actor';
const EXPIRE = '__expire';
const USER = '__user';

interface Loaded extends SessionData {
  [ACTOR]?: Actor | null;
  [EXPIRE]?: number;
  [USER]?: SessionUserRow | null;
}

/** The user's row as GET /api/user answers it (the snake_case columns of user-response.dto.ts). */
export type SessionUserRow = Readonly<Record<string, unknown>> & { id: string };

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user read together with the session (see ActorSessionStore). */
    sessionActor?: Actor | null;
    /** That user's row, as GET /api/user answers it. */
    sessionUser?: SessionUserRow | null;
  }
}

const USER_COLUMNS = [
  'id', 'username', 'email', 'first_name', 'last_name', 'phone', 'address', 'role', 'is_account_owner', 'must_change_password',
  'notification_email', 'notification_phone', 'organization_id', 'created_at', 'last_login',
] as const;

function cachedFromRow(row: Record<string, unknown>): CachedSession {
  const sess = typeof row.sess === 'string' ? row.sess : JSON.stringify(row.sess);
  if (!row.id) return { sess, expire: new Date(row.expire as string).getTime(), actor: null, user: null };
  const user: Record<string, unknown> = {};
  for (const column of USER_COLUMNS) user[column] = row[column] ?? null;
  return {
    sess,
    expire: new Date(row.expire as string).getTime(),
    actor: {
      id: row.id as string,
      username: row.username as string,
      organizationId: row.organization_id as string,
      isAccountOwner: row.is_account_owner as boolean,
      role: row.role as string,
      mustChangePassword: row.must_change_password as boolean,
    },
    user: Object.freeze(user),
  };
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
    /** Serves repeated reads from memory (session-cache.ts); without it every request reads the store. */
    private readonly cache?: SessionCache,
  ) {
    super({ ...options, pool: db });
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    const hit = this.cache?.get(sid);
    if (hit) return callback(null, this.loaded(hit));
    const token = this.cache?.token ?? 0;
    this.db.query({ name: 'session-with-actor', text: SESSION_WITH_ACTOR_SQL, values: [sid] }).then(
      ({ rows }) => {
        const row = rows[0];
        if (!row) return callback(null, null);
        const read = cachedFromRow(row);
        this.cache?.put(sid, read, token);
        callback(null, this.loaded(read));
      },
      (error: unknown) => callback(error),
    );
  }

  /** A fresh copy of the session's data (express-session changes what it is given) with its user and expiry. */
  private loaded(read: CachedSession): Loaded {
    const sess = JSON.parse(read.sess) as Loaded;
    sess[ACTOR] = read.actor ? { ...read.actor } : null;
    sess[USER] = read.user as SessionUserRow | null;
    sess[EXPIRE] = read.expire;
    return sess;
  }

  override set(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
    this.cache?.dropSession(sid);
    super.set(sid, sess, (error?: unknown) => {
      this.cache?.dropSession(sid);
      callback?.(error);
    });
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.cache?.dropSession(sid);
    super.destroy(sid, (error?: unknown) => {
      this.cache?.dropSession(sid);
      callback?.(error);
    });
  }

  /** Takes the user and the stored expiry off the data before it becomes req.session. */
  override createSession(req: Request, data: SessionData): session.Session & SessionData {
    const loaded = data as Loaded;
    const actor = loaded[ACTOR];
    const expire = loaded[EXPIRE];
    const user = loaded[USER];
    delete loaded[ACTOR];
    delete loaded[EXPIRE];
    delete loaded[USER];
    const created = super.createSession(req, loaded);
    req.sessionActor = actor ?? null;
    req.sessionUser = user ?? null;
    if (expire !== undefined) this.storedExpiry.set(created, expire);
    return created;
  }

  override touch(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
    const stored = this.storedExpiry.get(sess);
    const next = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : undefined;
    if (stored !== undefined && next !== undefined && next - stored < this.touchAfterMs) {
      callback?.();
      return;
    }
    super.touch(sid, sess, (error?: unknown) => {
      if (!error && next !== undefined) this.cache?.setExpire(sid, next);
      callback?.(error);
    });
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
    else req.sessionUser = null;
    next();
  };
}
