import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { API_URL, apiSend, httpClient } from '../httpClient';
import { getCustomerList } from '../customerList';
import { getTicketList } from '../ticketPages';
import type { Ticket } from '../types';

const simpleRest = simpleRestProvider(API_URL, httpClient);

/** Resources the API replaces whole with PUT (spec: PUT /api/products/{id}); the others take PATCH. */
const REPLACED_WITH_PUT = new Set(['products', 'customers', 'canned-replies']);

/**
 * react-admin's verbs on the API: ra-data-simple-rest (filter/range/sort, Content-Range), the
 * tickets' list with deep pages by cursor and estimated totals (ticketPages.ts), partial updates as PATCH (PUT where the API replaces the record) and the tickets' bulk endpoints
 * for updateMany and deleteMany.
 */
export const restMethods: DataProvider = {
  ...simpleRest,

  getList: (resource, params) =>
    (resource === 'tickets' ? getTicketList(params) : resource === 'customers' ? getCustomerList(params) : simpleRest.getList(resource, params)) as never,

  update: async (resource, params) => {
    const method = REPLACED_WITH_PUT.has(resource) ? 'PUT' : 'PATCH';
    const data = await apiSend<Ticket>(method, `/${resource}/${encodeURIComponent(String(params.id))}`, params.data);
    return { data: { ...params.previousData, ...data } as never };
  },

  updateMany: async (resource, params) => {
    if (resource !== 'tickets') return simpleRest.updateMany(resource, params);
    // the bulk bar sets a status, a priority or the assignee: send what it set
    const { status, priority, assignee_id } = params.data as { status?: string; priority?: string; assignee_id?: string | null };
    const { updated } = await apiSend<{ updated: number }>('PATCH', '/tickets/bulk-update', {
      ticketIds: params.ids,
      ...(status !== undefined ? { status } : {}),
      ...(priority !== undefined ? { priority } : {}),
      ...(assignee_id !== undefined ? { assignee_id } : {}),
    });
    // the server counts what it changed; react-admin expects the ids
    return { data: params.ids.slice(0, updated ?? params.ids.length) };
  },

  deleteMany: async (resource, params) => {
    if (resource !== 'tickets') return simpleRest.deleteMany(resource, params);
    const { deleted } = await apiSend<{ deleted: number }>('DELETE', '/tickets/bulk-delete', { ticketIds: params.ids });
    return { data: params.ids.slice(0, deleted ?? params.ids.length) };
  },
};
