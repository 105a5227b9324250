import { apiGet, apiSend } from '../httpClient';
import type { CreateExportPayload, DataExport } from '../types';

/** CSV exports of a list: started, followed until ready, downloaded from `download_url`. */
export const exportMethods = {
  startExport: (payload: CreateExportPayload) => apiSend<DataExport>('POST', '/exports', payload),
  getExport: (id: string) => apiGet<DataExport>(`/exports/${encodeURIComponent(id)}`),
  getRecentExports: () => apiGet<DataExport[]>('/exports'),
};
