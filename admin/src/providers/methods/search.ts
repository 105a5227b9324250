import { apiGet, withQuery } from '../httpClient';
import type { SearchResults } from '../types';

/** GET /api/search: the top bar's global search (tickets, customers, calls; at most 5 each). */
export const searchMethods = {
  search: (q: string) => apiGet<SearchResults>(withQuery('/search', { q })),
};
