import type { AttachmentTag } from '@warranty-crm/contract';
import { apiGet, apiSend } from '../httpClient';
import type { TicketAttachment } from '../types';
import type { UploadParameters } from './uploads';

const base = (ticketId: string) => `/tickets/${encodeURIComponent(ticketId)}/attachments`;

/** A ticket's evidence: signed upload, accept with a tag, change the tag, remove. */
export const attachmentMethods = {
  getTicketAttachments: async (ticketId: string) => {
    const list = await apiGet<TicketAttachment[]>(base(ticketId));
    return Array.isArray(list) ? list : [];
  },
  /** POST /api/tickets/{id}/attachments/uploads: where to PUT one file (the upload button's parameters). */
  getAttachmentUploadParameters: (ticketId: string, file: { filename: string; type: string; size: number }) =>
    apiSend<UploadParameters>('POST', `${base(ticketId)}/uploads`, file),
  /** POST /api/tickets/{id}/attachments: the server checks the bytes, then keeps the file under its tag. */
  attachTicketFile: (ticketId: string, body: { object_path: string; tag: AttachmentTag }) => apiSend<TicketAttachment>('POST', base(ticketId), body),
  updateTicketAttachment: (ticketId: string, attachmentId: string, body: { tag: AttachmentTag }) =>
    apiSend<TicketAttachment>('PATCH', `${base(ticketId)}/${encodeURIComponent(attachmentId)}`, body),
  removeTicketAttachment: (ticketId: string, attachmentId: string) => apiSend<void>('DELETE', `${base(ticketId)}/${encodeURIComponent(attachmentId)}`),
};

export type AttachmentMethods = typeof attachmentMethods;
