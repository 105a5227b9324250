import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { openLiveEvents } from '../../../providers/liveEvents';
import { crmQueryKey } from '../../../providers/useCrm';

/**
 * Keeps a ticket's thread live: the server's event stream says `ticket_message` with the ticket's id
 * when a message joins it or changes state (sent, failed), and the thread is read again; so it is
 * after the stream reconnects, for what it missed meanwhile.
 */
export function useLiveThread(ticketId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: crmQueryKey('tickets', 'getTicketMessages', [ticketId]) });
    return openLiveEvents({
      ticket_message: ({ ticket_id }) => {
        if (ticket_id === ticketId) refetch();
      },
      open: refetch,
    });
  }, [queryClient, ticketId]);
}
