import { apiGet, apiSend } from '../httpClient';
import type { CreateExportPayload, DataExport } from '../types';

/** CSV exports of a list: started, followed until ready, downloaded from `download_url`. */
export const exportMethods = {
  startExport: (payload: CreateExportPayload) => apiSend<DataExport>('POST', '/exports', payload),
  /** A customer's data (administrators): a tar.gz of customer.json and their files. */
  startCustomerDataExport: (customerId: string) => apiSend<DataExport>('POST', '/exports/customer-data', { customer_id: customerId }),
  getExport: (id: string) => apiGet<DataExport>(`/exports/${encodeURIComponent(id)}`),
  getRecentExports: () => apiGet<DataExport[]>('/exports'),
};
