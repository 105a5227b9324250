import { Injectable } from '@nestjs/common';
import { LiveHub } from '../../common/live/live-hub.js';
import { SyncedCache } from '../../common/live/notified-cache.js';
import type { InboundRoute } from './brand-phone-number.repository.js';

/** The channel the route triggers notify (Migration20261204200000InboundRouteCache): an organization's id. */
export const ROUTE_CACHE_CHANNEL = 'wcrm_route_cache';
/** How long a route is served from memory at most. */
export const ROUTE_CACHE_TTL_MS = 30_000;
/** Routes held at most; the least recently used go first. */
export const ROUTE_CACHE_MAX_ENTRIES = 10_000;

/**
 * The voice webhook's read (issue 32: the webhook against the bare server), per Twilio account and
 * number called, on each instance: the organization with its sealed token, the number's greeting,
 * the recording notice. Triggers on "brand_phone_numbers", on the Twilio columns of "organizations"
 * and on the recording notice of "system_settings" NOTIFY ROUTE_CACHE_CHANNEL with the organization
 * at commit, and every instance drops its routes (a number bought, its greeting saved, an account
 * connected anew). A route is answered only after LiveHub.sync (SyncedCache.fresh): a greeting
 * saved a moment before the call, on any instance, is the one said. An account that is none of
 * ours is read every time (nothing of a forged request is kept).
 */
@Injectable()
export class InboundRouteCache extends SyncedCache<InboundRoute> {
  constructor(hub: LiveHub) {
    super(hub, ROUTE_CACHE_CHANNEL, ROUTE_CACHE_TTL_MS, ROUTE_CACHE_MAX_ENTRIES);
  }

  /** The route of a call to `to` on the account, from memory or by `read`. */
  route(accountSid: string, to: string | null, read: () => Promise<InboundRoute | null>): Promise<InboundRoute | null> {
    // Answers share it: read-only.
    const frozen = async () => {
      const route = await read();
      return route && Object.freeze(route);
    };
    return this.through(`${accountSid} ${to ?? ''}`, frozen, (route) => route.organizationId);
  }
}
