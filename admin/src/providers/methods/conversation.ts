import { apiGet, apiSend } from '../httpClient';
import type { NewTicketMessage, TicketMessage } from '../types';

/** A ticket's conversation: the thread (oldest first), a reply or internal comment, and Retry of a failed reply. */
export const conversationMethods = {
  getTicketMessages: async (ticketId: string) => {
    const list = await apiGet<TicketMessage[]>(`/tickets/${encodeURIComponent(ticketId)}/messages`);
    return Array.isArray(list) ? list : [];
  },
  postTicketMessage: (ticketId: string, message: NewTicketMessage) => apiSend<TicketMessage>('POST', `/tickets/${encodeURIComponent(ticketId)}/messages`, message),
  retryTicketMessage: (ticketId: string, messageId: string) =>
    apiSend<TicketMessage>('POST', `/tickets/${encodeURIComponent(ticketId)}/messages/${encodeURIComponent(messageId)}/retry`),
};
