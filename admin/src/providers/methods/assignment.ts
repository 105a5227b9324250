import type { components } from '../schema';
import { apiGet, apiSend } from '../httpClient';

type Schemas = components['schemas'];
export type Assignee = Schemas['TicketAssigneeDto'];
export type AssignmentCounts = Schemas['AssignmentCountsDto'];
export type AutoAssignment = Schemas['AutoAssignmentDto'];
export type CannedReply = Schemas['CannedReplyResponseDto'];
export type RenderedCannedReply = Schemas['RenderedCannedReplyDto'];

/** Assignment (who works a ticket, the round-robin of new ones) and canned replies. */
export const assignmentMethods = {
  /** GET /api/tickets/assignees: the users a ticket can be assigned to, by name. */
  getAssignees: async () => {
    const list = await apiGet<Assignee[]>('/tickets/assignees');
    return Array.isArray(list) ? list : [];
  },
  /** The list sidebar's "Assigned to me" and "Unassigned" counts. */
  getAssignmentCounts: () => apiGet<AssignmentCounts>('/tickets/assignment-counts'),
  getAutoAssignment: () => apiGet<AutoAssignment>('/settings/auto-assignment'),
  updateAutoAssignment: (payload: { enabled?: boolean; agent_ids?: string[] }) => apiSend<AutoAssignment>('PUT', '/settings/auto-assignment', payload),
  /** The organization's canned replies by name (the picker's menu). */
  getCannedReplies: async () => {
    const list = await apiGet<CannedReply[]>('/canned-replies');
    return Array.isArray(list) ? list : [];
  },
  /** A canned reply filled from the ticket, {{respond_by}} in the browser's time zone. */
  renderCannedReply: (ticketId: string, replyId: string, tz?: string) =>
    apiGet<RenderedCannedReply>(
      `/tickets/${encodeURIComponent(ticketId)}/canned-replies/${encodeURIComponent(replyId)}/render${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`,
    ),
};
