import type { GetListParams, GetListResult } from 'react-admin';
import { API_URL, httpClient, withQuery } from './httpClient';
import type { CustomerListItem } from './types';

/**
 * getList of customers: ra-data-simple-rest's query (filter, range, sort) plus `meta.totalEstimated`
 * when the API answers an estimated total (X-Total-Count-Estimated: "about N").
 */
export async function getCustomerList(params: GetListParams): Promise<GetListResult<CustomerListItem>> {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const { field, order } = params.sort ?? { field: 'created_at', order: 'DESC' };
  const start = (page - 1) * perPage;
  const { headers, json } = await httpClient<CustomerListItem[]>(
    withQuery(`${API_URL}/customers`, {
      filter: JSON.stringify(params.filter ?? {}),
      range: JSON.stringify([start, start + perPage - 1]),
      sort: JSON.stringify([field, order]),
    }),
    { signal: params.signal },
  );
  const total = Number(headers.get('Content-Range')?.split('/').pop());
  return {
    data: json,
    total: Number.isFinite(total) ? total : json.length,
    meta: { totalEstimated: headers.get('X-Total-Count-Estimated') === 'true' },
  };
}
