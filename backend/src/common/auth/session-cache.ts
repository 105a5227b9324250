import { Injectable } from '@nestjs/common';
import { LiveHub } from '../live/live-hub.js';
import { NotifiedCache } from '../live/notified-cache.js';
import type { Actor } from './actor.js';

/**
 * The channel the database triggers on "users" and "session" notify (Migration20261202700000SessionCache):
 * `s:<sid>,<sid>…` (sessions deleted or rewritten), `u:<id>,<id>…` (users changed or removed), `*` (all).
 */
export const SESSION_CACHE_CHANNEL = 'wcrm_session_cache';
/** How long a session read is served from memory at most (issue 32: 30–60 s). */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Sessions held at most; the least recently used go first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** One session as the store read it: its data (JSON text), its stored expiry, and its user. */
export interface CachedSession {
  /** The session's data as JSON text (express-session mutates what it is given: each hit parses a copy). */
  sess: string;
  /** The stored expiry (ms since the epoch). */
  expire: number;
  actor: Actor | null;
  /** The user's row as GET /api/user answers it (user-response.dto.ts), or null. */
  user: Readonly<Record<string, unknown>> | null;
}

/**
 * A short-lived, bounded, in-process cache of session reads (the session with its user), so a
 * signed-in request costs no database round trip (issue 32), keyed by the session's id and grouped by
 * its user. Every instance drops entries when the database says so: triggers on "users" (any update or
 * delete: password, role, removal, profile, organization) and on "session" (a delete: logout,
 * sessions ended; a rewrite of its data) NOTIFY SESSION_CACHE_CHANNEL at commit, which LiveHub's one
 * LISTEN connection delivers here. The instance that made the change also drops at once
 * (dropSession / dropUsers after its commit), so its own next request never waits for the
 * notification. As NotifiedCache does: a read racing an invalidation is not kept, and nothing is
 * served or kept without the LISTEN connection.
 */
@Injectable()
export class SessionCache extends NotifiedCache<CachedSession> {
  constructor(hub: LiveHub) {
    super(hub, SESSION_CACHE_CHANNEL, SESSION_CACHE_TTL_MS, SESSION_CACHE_MAX_ENTRIES);
  }

  /** The session, while both the cache's time and the session's stored expiry last. */
  override get(sid: string, now = Date.now()): CachedSession | undefined {
    const session = super.get(sid, now);
    if (session && session.expire < now) {
      this.forget(sid);
      return undefined;
    }
    return session;
  }

  /** Keeps a read made at `token` (see NotifiedCache.put), under its user. */
  override put(sid: string, session: CachedSession, token: number, _group?: string, now = Date.now()): void {
    super.put(sid, session, token, session.actor?.id ?? '', now);
  }

  /** The stored expiry moved (the store wrote it back). */
  setExpire(sid: string, expire: number): void {
    const session = super.get(sid);
    if (session) session.expire = expire;
  }

  dropSession(...sids: string[]): void {
    this.dropKeys(...sids);
  }

  dropUsers(...userIds: string[]): void {
    this.drop(...userIds);
  }

  /** A notification of SESSION_CACHE_CHANNEL (ChannelListener): `s:` sessions, `u:` users, else all. */
  override message(payload: string): void {
    const kind = payload.slice(0, 2);
    const ids = payload.slice(2).split(',').filter(Boolean);
    if (kind === 's:') this.dropSession(...ids);
    else if (kind === 'u:') this.dropUsers(...ids);
    else this.clear();
  }
}
