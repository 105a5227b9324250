import etag from 'etag';
import type { TicketListRowDto } from './dto/ticket-response.dto.js';
import type { TicketPage } from './ticket-list.service.js';

/** A page's rows as JSON, with its entity tag, and the UTC day they were written for. */
export interface RowsBody {
  body: string;
  /** A weak tag of the body and of what the page's headers say (its total, whether estimated, the next cursor), so Express needs not hash the body again. */
  etag: string;
}

const bodies = new WeakMap<TicketPage, RowsBody & { day: string }>();

/**
 * The JSON of a page's list rows (`view=row`), written once a day for a page the list cache holds
 * (TicketListCache answers the same page object until its organization changes): of a row, only
 * its warranty's days left move with the clock, and by the UTC day. `rows` makes them at `now`.
 */
export function rowsBody(page: TicketPage, rows: (now: Date) => TicketListRowDto[], now = new Date()): RowsBody {
  const day = now.toISOString().slice(0, 10);
  const held = bodies.get(page);
  if (held?.day === day) return held;
  const body = JSON.stringify(rows(now));
  const written = { day, body, etag: etag(`${page.offset} ${page.total} ${page.totalEstimated} ${page.nextCursor ?? ''}\n${body}`, { weak: true }) };
  bodies.set(page, written);
  return written;
}
