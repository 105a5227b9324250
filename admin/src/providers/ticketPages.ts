import { HttpError, type GetListParams, type GetListResult } from 'react-admin';
import { MAX_LIST_OFFSET } from '@warranty-crm/contract';
import { DEEP_PAGE_MESSAGE } from '../lib/ticketList';
import { API_URL, httpClient, withQuery } from './httpClient';
import type { TicketListRow } from './types';

/** How many next-page cursors the list remembers (a few lists' worth of deep pages). */
const REMEMBERED_CURSORS = 500;

/**
 * The next-page cursors (X-Next-Cursor) the list has seen, by filters, sort, page size and page.
 * Offset pages serve the first MAX_LIST_OFFSET tickets; past it the API reads a page only by the
 * cursor of the page before, so the list remembers each page's cursor and walks on with it.
 */
export class CursorMemory {
  private readonly cursors = new Map<string, string>();

  constructor(private readonly limit = REMEMBERED_CURSORS) {}

  static key(params: Pick<GetListParams, 'filter' | 'sort' | 'pagination'>, page: number): string {
    const { field, order } = params.sort ?? { field: 'created_at', order: 'DESC' };
    return JSON.stringify([params.filter ?? {}, field, order, params.pagination?.perPage, page]);
  }

  /** The cursor that starts `page`, if the page before it was read with the same list settings. */
  get(params: GetListParams, page: number): string | undefined {
    return this.cursors.get(CursorMemory.key(params, page));
  }

  remember(params: GetListParams, page: number, cursor: string): void {
    const key = CursorMemory.key(params, page);
    this.cursors.delete(key);
    this.cursors.set(key, cursor);
    if (this.cursors.size > this.limit) this.cursors.delete(this.cursors.keys().next().value as string);
  }
}

const memory = new CursorMemory();

/**
 * getList of tickets: ra-data-simple-rest's query (filter, range, sort) plus what the API adds to it:
 * deep pages by cursor, `meta.totalEstimated` when the total is an estimate ("about N"), and the API's
 * `view` from the query's meta (the list's TICKET_LIST_META: rows as the list shows them).
 */
export async function getTicketList(params: GetListParams, cursors: CursorMemory = memory): Promise<GetListResult<TicketListRow>> {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const { field, order } = params.sort ?? { field: 'created_at', order: 'DESC' };
  const start = (page - 1) * perPage;
  const cursor = start > MAX_LIST_OFFSET ? cursors.get(params, page) : undefined;
  if (start > MAX_LIST_OFFSET && !cursor) throw new HttpError(DEEP_PAGE_MESSAGE, 400, { message: DEEP_PAGE_MESSAGE });

  const { headers, json } = await httpClient<TicketListRow[]>(
    withQuery(`${API_URL}/tickets`, {
      filter: JSON.stringify(params.filter ?? {}),
      range: JSON.stringify([start, start + perPage - 1]),
      sort: JSON.stringify([field, order]),
      cursor,
      view: (params.meta as { view?: string } | undefined)?.view,
    }),
    { signal: params.signal },
  );
  const next = headers.get('X-Next-Cursor');
  if (next) cursors.remember(params, page + 1, next);
  const total = Number(headers.get('Content-Range')?.split('/').pop());
  return {
    data: json,
    total: Number.isFinite(total) ? total : json.length,
    meta: { totalEstimated: headers.get('X-Total-Count-Estimated') === 'true' },
  };
}
