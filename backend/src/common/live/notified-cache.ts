import type { ChannelListener, LiveHub } from './live-hub.js';

interface Entry<V> {
  value: V;
  group: string;
  until: number;
}

/**
 * A short-lived, bounded, in-process cache of reads whose entries belong to a group (an
 * organization) and are dropped on every instance when the database says the group changed:
 * triggers NOTIFY `channel` at commit with the groups' ids (`a,b,…`, or `*` for all), and LiveHub's
 * one LISTEN connection delivers them here (`message`).
 *
 * A read racing an invalidation is not kept: `put` takes the generation seen before the read and
 * gives up when anything was dropped since. Without the LISTEN connection (not yet connected, lost
 * and reconnecting) nothing is served or kept, since a notification could be missed.
 */
export class NotifiedCache<V> implements ChannelListener {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byGroup = new Map<string, Set<string>>();
  private generation = 0;
  private enabled = false;

  constructor(
    protected readonly hub: LiveHub,
    channel: string,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {
    hub.listenOn(channel, this);
  }

  /** Whether the cache serves reads (the LISTEN connection is up). */
  get active(): boolean {
    return this.enabled;
  }

  /** Reads taken at this generation may be kept (see put). */
  get token(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now = Date.now()): V | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.forget(key);
      return undefined;
    }
    // Most recently used last (a Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps a read of `group` made at `token`, unless something was dropped since (it may predate that change). */
  put(key: string, value: V, token: number, group: string = key, now = Date.now()): void {
    if (!this.enabled || token !== this.generation) return;
    this.forget(key);
    this.entries.set(key, { value, group, until: now + this.ttlMs });
    let keys = this.byGroup.get(group);
    if (!keys) this.byGroup.set(group, (keys = new Set()));
    keys.add(key);
    while (this.entries.size > this.maxEntries) this.forget(this.entries.keys().next().value as string);
  }

  /** Drops these entries; reads in progress are not kept. */
  dropKeys(...keys: string[]): void {
    this.generation++;
    for (const key of keys) this.forget(key);
  }

  /** Drops the groups' entries; reads in progress are not kept. */
  drop(...groups: string[]): void {
    this.generation++;
    for (const group of groups) {
      for (const key of [...(this.byGroup.get(group) ?? [])]) this.forget(key);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byGroup.clear();
  }

  /** A notification of the cache's channel (ChannelListener): the groups' ids, or `*`. */
  message(payload: string): void {
    if (payload === '*') this.clear();
    else this.drop(...payload.split(',').filter(Boolean));
  }

  /** The LISTEN connection is up or lost (ChannelListener): either way, start empty. */
  listening(on: boolean): void {
    this.clear();
    this.enabled = on;
  }

  /** Removes an entry (one that is no longer good: reads in progress may still be kept). */
  protected forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.byGroup.get(entry.group);
    if (keys) {
      keys.delete(key);
      if (!keys.size) this.byGroup.delete(entry.group);
    }
  }
}

/**
 * A NotifiedCache that answers only what is current: `fresh` waits for LiveHub.sync before it looks
 * an entry up, so every change committed before the call, on any instance or by anything else, has
 * dropped what it changed. The price is a round trip on the LISTEN connection when an entry is held,
 * shared by the callers waiting at that moment.
 */
export class SyncedCache<V> extends NotifiedCache<V> {
  /** The entry under `key` once every change committed before the call has been heard (undefined when none is held, or the cache cannot hear). */
  async fresh(key: string): Promise<V | undefined> {
    // Nothing held: no round trip.
    if (!this.get(key)) return undefined;
    try {
      await this.hub.sync();
    } catch {
      return undefined;
    }
    return this.get(key);
  }

  /**
   * The entry under `key` when it is current (`fresh`), else `read`'s answer, kept under the group
   * `groupOf` names (an answer of null is not kept).
   */
  async through<R extends V | null>(key: string, read: () => Promise<R>, groupOf: (value: V) => string): Promise<V | R> {
    const held = await this.fresh(key);
    if (held) return held;
    const token = this.token;
    const value = await read();
    if (value !== null) this.put(key, value as V, token, groupOf(value as V));
    return value;
  }
}
