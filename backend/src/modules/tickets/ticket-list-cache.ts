import { Injectable } from '@nestjs/common';
import { type Announcement, LiveHub } from '../../common/live/live-hub.js';
import { SyncedCache } from '../../common/live/notified-cache.js';
import type { TicketPage } from './ticket-list.service.js';

/** The channel the list's triggers notify (Migration20261204100000TicketListCache): organizations' ids, or `*`. */
export const LIST_CACHE_CHANNEL = 'wcrm_list_cache';
/** How long a page is served from memory at most (its organization's changes drop it before). */
export const LIST_CACHE_TTL_MS = 30_000;
/** Pages held at most; the least recently used go first. */
export const LIST_CACHE_MAX_ENTRIES = 500;
/** Pages of more rows are always read (what memory holds stays small). */
export const LIST_CACHE_MAX_ROWS = 100;

/**
 * What the list's triggers would have sent for a change of the organization's tickets, announced
 * after the commit instead (LiveHub.announce, by a quiet create): the organizations' ids, `*` beyond 100.
 */
export function ticketListChanged(organizationId: string): Announcement {
  return {
    channel: LIST_CACHE_CHANNEL,
    item: organizationId,
    payload: (items) => {
      const organizations = [...new Set(items)];
      return organizations.length > 100 ? '*' : organizations.join(',');
    },
  };
}

/**
 * The ticket list's pages as read (issue 32: the list against the signed-in floor), per
 * organization, filters, sort, page and view, on each instance. The triggers on the tables a page
 * is read from (its tickets, their customers and assignees, the products of their warranty terms)
 * NOTIFY the organization at commit, and every instance drops its pages. A page is served only
 * after LiveHub.sync (SyncedCache.fresh), so a change committed before the request was made, on any
 * instance or by anything else, has been heard: the cache never answers what the database no
 * longer holds. One exception: a create made in a statement of its own (TicketsService.create)
 * commits without the trigger's NOTIFY and announces its organization right after, before it
 * answers (ticketListChanged); an instance that dies between the two leaves the other instances
 * that organization's pages until they expire (LIST_CACHE_TTL_MS).
 * What moves with the clock (the response promise's state, the warranty's) is worked out on every
 * answer; the filters on it (`sla`) are not cached.
 */
@Injectable()
export class TicketListCache extends SyncedCache<TicketPage> {
  constructor(hub: LiveHub) {
    super(hub, LIST_CACHE_CHANNEL, LIST_CACHE_TTL_MS, LIST_CACHE_MAX_ENTRIES);
  }
}
