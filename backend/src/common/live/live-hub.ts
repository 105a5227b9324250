import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { DATABASE_URL } from '../../database/database-url.js';
import { executePrepared } from '../../database/prepared-statements.js';

/** The PostgreSQL channel every instance listens on. */
export const LIVE_CHANNEL = 'wcrm_live';
/** pg_notify refuses payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;

/** Addresses a message to every signed-in user of the organization (a ticket's thread changed). */
export const EVERYONE = '*';

/** One message for the open tabs of one user (or of everyone: EVERYONE): an SSE event name and its JSON data. */
export interface LiveMessage {
  organizationId: string;
  userId: string;
  event: string;
  data: unknown;
}

export type LiveSend = (event: string, data: unknown) => void;

/**
 * Another channel on the hub's one LISTEN connection (the session cache's invalidations): its
 * messages, and `listening(false)` when the connection is lost (messages may be missed until it is
 * back: `listening(true)` once LISTEN runs again).
 */
export interface ChannelListener {
  message(payload: string): void;
  listening(on: boolean): void;
}

/**
 * A notification `announce` sends after a commit: its channel, this caller's item, and how the
 * items gathered for one round trip make the channel's one payload.
 */
export interface Announcement {
  channel: string;
  item: string;
  payload: (items: readonly string[]) => string;
}

/** The announcements of one round trip, per channel. */
type AnnouncementBatch = Map<string, { items: string[]; payload: (items: readonly string[]) => string }>;

/** The LISTEN connection's name in pg_stat_activity (one per app instance). */
export const LIVE_APPLICATION_NAME = 'warranty-crm live';

/**
 * The live stream's fan-in across app instances: a message is a PostgreSQL NOTIFY, so it is sent
 * when (and only if) the publishing transaction commits, and every instance, listening on one
 * connection of its own, hands it to the tabs of that user connected to it.
 */
@Injectable()
export class LiveHub implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('Live');
  private readonly subscribers = new Map<string, Set<LiveSend>>();
  private readonly closers = new Set<() => void>();
  private readonly channels = new Map<string, ChannelListener>();
  private client?: pg.Client;
  private stopped = false;
  private reconnectTimer?: NodeJS.Timeout;
  /** The barrier's round trip on the LISTEN connection that was sent and is awaited (sync). */
  private tripInFlight?: Promise<void>;
  /** The one that goes when it is back, which later callers join. */
  private tripNext?: Promise<void>;
  /** The announcements waiting for the next round trip (announce), and the round trip out. */
  private announcing?: { batch: AnnouncementBatch; sent: Promise<void> };
  private announceOut: Promise<void> = Promise.resolve();

  constructor(@Inject(DATABASE_URL) private readonly databaseUrl: string) {}

  /** Queues the message on em's transaction (sent at commit; outside a transaction, at once). */
  async publish(em: EntityManager, message: LiveMessage): Promise<void> {
    const payload = JSON.stringify(message);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`Live message ${message.event} is too large for NOTIFY`);
    await em.execute('select pg_notify(?, ?)', [LIVE_CHANNEL, payload]);
  }

  /** Many messages in one round trip (a fan-out's), each its own NOTIFY. */
  async publishMany(em: EntityManager, messages: LiveMessage[]): Promise<void> {
    if (!messages.length) return;
    const payloads = messages.map((message) => {
      const payload = JSON.stringify(message);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`Live message ${message.event} is too large for NOTIFY`);
      return payload;
    });
    await em.execute('select count(pg_notify(?, payload)) from json_array_elements_text(?::json) as payload', [LIVE_CHANNEL, JSON.stringify(payloads)]);
  }

  /**
   * Sends these notifications once the caller's change has committed, outside any transaction,
   * with every announcement made meanwhile on this instance: one statement per round trip, one
   * NOTIFY per channel in it. A NOTIFY in a transaction takes PostgreSQL's one lock on the
   * notification queue at its commit and holds it to the end, through the commit's flush to disk,
   * so a NOTIFY in every create queued every create's commit behind the one before (bench/README.md).
   * Resolves once a NOTIFY carrying each item, sent after the call, has committed; never rejects (a
   * failure is logged: the queue still polls, and the caches' entries expire).
   */
  announce(em: EntityManager, announcements: readonly Announcement[]): Promise<void> {
    if (!announcements.length) return Promise.resolve();
    if (!this.announcing) {
      const batch: AnnouncementBatch = new Map();
      // The next round trip leaves when the one out is back; what is announced until then joins it.
      const sent = this.announceOut.then(() => {
        if (this.announcing?.batch === batch) this.announcing = undefined;
        return this.sendAnnouncements(em, batch);
      });
      this.announcing = { batch, sent };
      this.announceOut = sent;
    }
    const { batch, sent } = this.announcing;
    for (const { channel, item, payload } of announcements) {
      const entry = batch.get(channel);
      if (entry) entry.items.push(item);
      else batch.set(channel, { items: [item], payload });
    }
    return sent;
  }

  private async sendAnnouncements(em: EntityManager, batch: AnnouncementBatch): Promise<void> {
    const params = [...batch].flatMap(([channel, { items, payload }]) => [channel, payload(items)]);
    const calls = Array.from({ length: batch.size }, () => 'pg_notify(?, ?)').join(', ');
    try {
      // On a fork: the pool's own connection, never a caller's transaction.
      await executePrepared(em.fork({ clear: true, useContext: false }), `select ${calls}`, params);
    } catch (error) {
      this.logger.warn(`Announcing ${[...batch.keys()].join(', ')} failed: ${(error as Error).message}`);
    }
  }

  /** Registers an open tab; returns its unsubscribe. `close` ends the tab's stream at shutdown. */
  subscribe(organizationId: string, userId: string, send: LiveSend, close: () => void): () => void {
    const key = `${organizationId}:${userId}`;
    let set = this.subscribers.get(key);
    if (!set) this.subscribers.set(key, (set = new Set()));
    set.add(send);
    this.closers.add(close);
    return () => {
      set.delete(send);
      if (!set.size) this.subscribers.delete(key);
      this.closers.delete(close);
    };
  }

  /**
   * Listens on another channel over the same connection (one LISTEN client per process). Register
   * before the application bootstraps; a channel name is a plain identifier.
   */
  listenOn(channel: string, listener: ChannelListener): void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    this.channels.set(channel, listener);
  }

  /**
   * Resolves once every notification of a transaction that committed before the call has reached
   * its listener: a round trip on the LISTEN connection, since PostgreSQL sends a listening session
   * the notifications it has been signalled of before it answers the session's next query. A cache
   * that syncs before it looks an entry up never serves what a commit before the request changed,
   * whichever instance made it. Callers share round trips: those arriving while one is out join
   * the next, which leaves when it is back. Rejects without the connection.
   */
  sync(): Promise<void> {
    if (this.tripNext) return this.tripNext;
    if (!this.tripInFlight) return this.startTrip();
    const next = this.tripInFlight.then(
      () => this.startTrip(),
      () => this.startTrip(),
    );
    this.tripNext = next;
    return next;
  }

  private startTrip(): Promise<void> {
    this.tripNext = undefined;
    const client = this.client;
    if (!client) return Promise.reject(new Error('Not listening'));
    const trip: Promise<void> = client.query('select 1').then(
      () => {
        if (this.tripInFlight === trip) this.tripInFlight = undefined;
      },
      (error: Error) => {
        if (this.tripInFlight === trip) this.tripInFlight = undefined;
        throw error;
      },
    );
    this.tripInFlight = trip;
    return trip;
  }

  /** Open tabs on this instance (for the tests and the health of the stream). */
  get connections(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
  }

  onModuleDestroy(): void {
    // Open streams would keep the HTTP server from closing.
    for (const close of [...this.closers]) close();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const listener of this.channels.values()) listener.listening(false);
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: LIVE_APPLICATION_NAME });
    const lost = (reason: string) => {
      if (this.client !== client || this.stopped) return;
      this.client = undefined;
      for (const listener of this.channels.values()) listener.listening(false);
      this.logger.warn(`Live connection lost (${reason}); reconnecting`);
      client.end().catch(() => undefined);
      this.reconnectTimer = setTimeout(() => void this.listen().catch((e: Error) => lost(e.message)), 1000);
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('closed'));
    client.on('notification', (n) => {
      const other = this.channels.get(n.channel);
      if (other) other.message(n.payload ?? '');
      else this.dispatch(n.payload);
    });
    this.client = client;
    await client.connect();
    await client.query(`listen ${LIVE_CHANNEL}`);
    for (const [channel, listener] of this.channels) {
      await client.query(`listen ${channel}`);
      if (this.client === client) listener.listening(true);
    }
  }

  private dispatch(payload: string | undefined): void {
    if (!payload) return;
    let message: LiveMessage;
    try {
      message = JSON.parse(payload) as LiveMessage;
    } catch {
      return;
    }
    if (message.userId === EVERYONE) {
      const prefix = `${message.organizationId}:`;
      for (const [key, set] of this.subscribers) {
        if (key.startsWith(prefix)) for (const send of set) send(message.event, message.data);
      }
      return;
    }
    const set = this.subscribers.get(`${message.organizationId}:${message.userId}`);
    if (!set) return;
    for (const send of set) send(message.event, message.data);
  }
}
