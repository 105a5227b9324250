import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEEP_PAGE_MESSAGE, TICKET_LIST_META } from '../lib/ticketList';
import { CursorMemory, getTicketList } from './ticketPages';

/** Answers each request with the given headers and remembers the URLs asked for. */
function serve(headers: (url: URL) => Record<string, string>) {
  const urls: URL[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://app.test');
    urls.push(url);
    return new Response(JSON.stringify([{ id: 't1' }]), { status: 200, headers: headers(url) });
  });
  return urls;
}

const params = (page: number, perPage = 25) => ({
  pagination: { page, perPage },
  sort: { field: 'created_at', order: 'DESC' as const },
  filter: { status: 'Open' },
});

afterEach(() => vi.unstubAllGlobals());

describe('the ticket list through the API', () => {
  it('reads offset pages with filter, range and sort, and the total from Content-Range', async () => {
    const urls = serve(() => ({ 'Content-Range': 'tickets 25-49/133000' }));
    const result = await getTicketList(params(2), new CursorMemory());
    expect(result.total).toBe(133000);
    expect(result.meta).toEqual({ totalEstimated: false });
    expect(urls[0].pathname).toBe('/api/tickets');
    expect(JSON.parse(urls[0].searchParams.get('range')!)).toEqual([25, 49]);
    expect(JSON.parse(urls[0].searchParams.get('filter')!)).toEqual({ status: 'Open' });
    expect(urls[0].searchParams.has('cursor')).toBe(false);
    expect(urls[0].searchParams.has('view')).toBe(false);
  });

  it("asks for the list's rows (view=row) when the query's meta says so, as the ticket list's does", async () => {
    const urls = serve(() => ({ 'Content-Range': 'tickets 0-0/1' }));
    await getTicketList({ ...params(1), meta: TICKET_LIST_META }, new CursorMemory());
    expect(urls[0].searchParams.get('view')).toBe('row');
  });

  it('passes on that the total is an estimate', async () => {
    serve(() => ({ 'Content-Range': 'tickets 0-24/52000', 'X-Total-Count-Estimated': 'true' }));
    const result = await getTicketList({ ...params(1), filter: { q: 'jack' } }, new CursorMemory());
    expect(result.meta).toEqual({ totalEstimated: true });
  });

  it('walks past the offset limit with the cursor of the page before, and refuses a jump there with a clear message', async () => {
    const memory = new CursorMemory();
    const perPage = 100;
    const lastOffsetPage = 100_000 / perPage + 1; // starts at offset 100,000: still an offset page
    const urls = serve(url => ({
      'Content-Range': 'tickets 0-99/1000000',
      'X-Next-Cursor': `after-${url.searchParams.get('cursor') ?? url.searchParams.get('range')}`,
    }));

    await expect(getTicketList(params(lastOffsetPage + 1, perPage), memory)).rejects.toThrow(DEEP_PAGE_MESSAGE);
    expect(urls).toHaveLength(0);

    await getTicketList(params(lastOffsetPage, perPage), memory);
    await getTicketList(params(lastOffsetPage + 1, perPage), memory);
    await getTicketList(params(lastOffsetPage + 2, perPage), memory);
    expect(urls.map(u => u.searchParams.get('cursor'))).toEqual([
      null,
      'after-[100000,100099]',
      'after-after-[100000,100099]',
    ]);

    // another filter has no cursor of its own
    await expect(getTicketList({ ...params(lastOffsetPage + 1, perPage), filter: {} }, memory)).rejects.toThrow(DEEP_PAGE_MESSAGE);
  });

  it('forgets the oldest cursors beyond its limit', () => {
    const memory = new CursorMemory(2);
    memory.remember(params(2), 2, 'a');
    memory.remember(params(3), 3, 'b');
    memory.remember(params(4), 4, 'c');
    expect([memory.get(params(2), 2), memory.get(params(3), 3), memory.get(params(4), 4)]).toEqual([undefined, 'b', 'c']);
  });
});
