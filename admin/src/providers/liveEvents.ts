import type { NotificationRecord } from './methods/notifications';

export interface LiveHandlers {
  notification?: (data: { notification: NotificationRecord; unread_count: number }) => void;
  unread_count?: (data: { count: number }) => void;
  browser?: (data: { title: string; body: string; url: string; tag: string }) => void;
  /** A ticket's thread changed (a new message, or one sent, failed or queued again). */
  ticket_message?: (data: { ticket_id: string; message_id: string }) => void;
  /** A ticket's files changed (added, thumbnail made, tag, removed). */
  ticket_attachment?: (data: { ticket_id: string; attachment_id: string }) => void;
  /** Tickets of the organization were assigned or unassigned (by anyone, or automatically). */
  tickets_assigned?: (data: { ticket_ids: string[] }) => void;
  /** A call log arrived or changed (a voicemail, its recording or transcription). */
  call_log?: (data: { call_log_id: string }) => void;
  /** The stream (re)connected: anything missed while it was down should be re-read. */
  open?: () => void;
}

/**
 * The signed-in user's live stream (server-sent events, session cookie). EventSource reconnects by
 * itself after a drop; returns the function that closes it.
 */
export function openLiveEvents(handlers: LiveHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource('/api/events/stream', { withCredentials: true });
  const on = <T,>(name: string, handler?: (data: T) => void) => {
    if (!handler) return;
    source.addEventListener(name, event => {
      try {
        handler(JSON.parse((event as MessageEvent<string>).data) as T);
      } catch {
        // a malformed event is ignored
      }
    });
  };
  on('notification', handlers.notification);
  on('unread_count', handlers.unread_count);
  on('browser', handlers.browser);
  on('ticket_message', handlers.ticket_message);
  on('ticket_attachment', handlers.ticket_attachment);
  on('tickets_assigned', handlers.tickets_assigned);
  on('call_log', handlers.call_log);
  if (handlers.open) source.addEventListener('open', handlers.open);
  return () => source.close();
}
