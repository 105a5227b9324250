import { apiGet, apiSend, withQuery } from '../httpClient';
import type { ChangePasswordPayload, NotificationSummary, ProfilePayload, User, VoicemailStats } from '../types';

/** The signed-in user's own calls: profile, password, and what the shell shows them. */
export const accountMethods = {
  updateProfile: (payload: ProfilePayload) => apiSend<User>('PATCH', '/user/profile', payload),
  changePassword: (payload: ChangePasswordPayload) => apiSend<unknown>('POST', '/user/change-password', payload),
  /** The forced change after signing in with a temporary password. */
  changeTemporaryPassword: (newPassword: string) => apiSend<unknown>('POST', '/change-password', { newPassword }),
  getVoicemailStats: () => apiGet<VoicemailStats>('/voicemails/stats'),
  getLatestNotifications: (limit: number) => apiGet<NotificationSummary[]>(withQuery('/notifications', { limit })),
  getUnreadNotificationCount: () => apiGet<{ count: number }>('/notifications/unread-count'),
};
