import { Injectable } from '@nestjs/common';
import { type ChannelListener, LiveHub } from '../live/live-hub.js';
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

interface Entry extends CachedSession {
  until: number;
}

/**
 * A short-lived, bounded, in-process cache of session reads (the session with its user), so a
 * signed-in request costs no database round trip (issue 32). Every instance drops entries when the
 * database says so: triggers on "users" (any update or delete: password, role, removal, profile,
 * organization) and on "session" (a delete: logout, sessions ended; a rewrite of its data) NOTIFY
 * SESSION_CACHE_CHANNEL at commit, which LiveHub's one LISTEN connection delivers here. The instance
 * that made the change also drops at once (dropSession / dropUsers after its commit), so its own
 * next request never waits for the notification.
 *
 * A read racing an invalidation is not kept: `put` takes the generation seen before the read and
 * gives up when any drop happened since. Without the LISTEN connection (not yet connected, lost
 * and reconnecting) nothing is served or kept, since a notification could be missed.
 */
@Injectable()
export class SessionCache implements ChannelListener {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private generation = 0;
  private enabled = false;

  constructor(hub: LiveHub) {
    hub.listenOn(SESSION_CACHE_CHANNEL, this);
  }

  /** Reads taken at this generation may be kept (see put). */
  get token(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether the cache serves reads (the LISTEN connection is up). */
  get active(): boolean {
    return this.enabled;
  }

  get(sid: string, now = Date.now()): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (entry.until <= now || entry.expire < now) {
      this.remove(sid);
      return undefined;
    }
    // Most recently used last (a Map keeps insertion order).
    this.entries.delete(sid);
    this.entries.set(sid, entry);
    return entry;
  }

  /** Keeps a read made at `token`, unless something was dropped since (it may predate that change). */
  put(sid: string, session: CachedSession, token: number, now = Date.now()): void {
    if (!this.enabled || token !== this.generation) return;
    this.remove(sid);
    const entry: Entry = { ...session, until: Math.min(now + SESSION_CACHE_TTL_MS, session.expire) };
    this.entries.set(sid, entry);
    const userId = session.actor?.id;
    if (userId) {
      let sids = this.byUser.get(userId);
      if (!sids) this.byUser.set(userId, (sids = new Set()));
      sids.add(sid);
    }
    while (this.entries.size > SESSION_CACHE_MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value as string;
      this.remove(oldest);
    }
  }

  /** The stored expiry moved (the store wrote it back). */
  setExpire(sid: string, expire: number): void {
    const entry = this.entries.get(sid);
    if (entry) entry.expire = expire;
  }

  dropSession(...sids: string[]): void {
    this.generation++;
    for (const sid of sids) this.remove(sid);
  }

  dropUsers(...userIds: string[]): void {
    this.generation++;
    for (const userId of userIds) {
      for (const sid of [...(this.byUser.get(userId) ?? [])]) this.remove(sid);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  /** A notification of SESSION_CACHE_CHANNEL (ChannelListener). */
  message(payload: string): void {
    const kind = payload.slice(0, 2);
    const ids = payload.slice(2).split(',').filter(Boolean);
    if (kind === 's:') this.dropSession(...ids);
    else if (kind === 'u:') this.dropUsers(...ids);
    else this.clear();
  }

  /** The LISTEN connection is up or lost (ChannelListener): either way, start empty. */
  listening(on: boolean): void {
    this.clear();
    this.enabled = on;
  }

  private remove(sid: string): void {
    const entry = this.entries.get(sid);
    if (!entry) return;
    this.entries.delete(sid);
    const userId = entry.actor?.id;
    const sids = userId ? this.byUser.get(userId) : undefined;
    if (sids) {
      sids.delete(sid);
      if (!sids.size) this.byUser.delete(userId!);
    }
  }
}
