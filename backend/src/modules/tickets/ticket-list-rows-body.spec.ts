import { describe, expect, it } from '@jest/globals';
import etag from 'etag';
import type { TicketListRowDto } from './dto/ticket-response.dto.js';
import { rowsBody } from './ticket-list-rows-body.js';
import type { TicketPage } from './ticket-list.service.js';

const page = (): TicketPage => ({ tickets: [], total: 0, totalEstimated: false, offset: 0, products: [] });

describe("a page's rows as JSON", () => {
  it('are written once a UTC day for the same page, at that day', () => {
    const held = page();
    const written: string[] = [];
    const rows = (now: Date) => {
      written.push(now.toISOString());
      return [{ id: 'a', warranty_days_left: now.getUTCDate() } as unknown as TicketListRowDto];
    };
    const morning = rowsBody(held, rows, new Date('2026-11-30T00:00:01Z'));
    const night = rowsBody(held, rows, new Date('2026-11-30T23:59:59Z'));
    expect(night).toBe(morning);
    expect(morning.body).toBe('[{"id":"a","warranty_days_left":30}]');
    expect(morning.etag).toBe(etag(`0 0 false \n${morning.body}`, { weak: true }));
    const next = rowsBody(held, rows, new Date('2026-12-01T00:00:00Z'));
    expect(next.body).toBe('[{"id":"a","warranty_days_left":1}]');
    expect(written).toEqual(['2026-11-30T00:00:01.000Z', '2026-12-01T00:00:00.000Z']);
  });

  it("are tagged with what the page's headers say: the same rows with another total are another answer", () => {
    const rows = () => [{ id: 'a' } as unknown as TicketListRowDto];
    const now = new Date();
    const one = rowsBody({ ...page(), total: 26 }, rows, now);
    const other = rowsBody({ ...page(), total: 25 }, rows, now);
    expect(other.body).toBe(one.body);
    expect(other.etag).not.toBe(one.etag);
    expect(rowsBody({ ...page(), total: 26, nextCursor: 'x' }, rows, now).etag).not.toBe(one.etag);
  });

  it('are written for each page', () => {
    let calls = 0;
    const rows = () => {
      calls++;
      return [];
    };
    const now = new Date();
    rowsBody(page(), rows, now);
    rowsBody(page(), rows, now);
    expect(calls).toBe(2);
  });
});
