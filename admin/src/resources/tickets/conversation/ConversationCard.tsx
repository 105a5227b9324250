import { CannedReplyPicker } from './CannedReplyPicker';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Skeleton, Typography } from '@mui/material';
import { useToast } from '../../../components/useToast';
import { channelChoices, defaultChannel } from '../../../lib/conversation';
import type { NewTicketMessage, Ticket, TicketMessage } from '../../../providers/types';
import { useCrmMutation, useCrmQuery } from '../../../providers/useCrm';
import { InfoCard } from '../cards/InfoCard';
import { MessageThread } from './MessageThread';
import { ReplyBox, type ReplyBoxHandle } from './ReplyBox';
import { useLiveThread } from './useLiveThread';

/** The hash Contact Customer navigates to: the reply box opens on e-mail, the cursor in it. */
export const REPLY_HASH = '#reply';

/**
 * The ticket's conversation with its customer (GET /api/tickets/{id}/messages), newest last and
 * live, with the reply box: e-mail, SMS or an internal comment. Replies are queued and sent by the
 * server; their status follows by the live stream.
 */
export function ConversationCard({ ticket }: { ticket: Ticket }) {
  const toast = useToast();
  const { data, isPending, error } = useCrmQuery('tickets', 'getTicketMessages', [ticket.id], { retry: false });
  useLiveThread(ticket.id);
  const choices = useMemo(() => channelChoices(ticket.customer), [ticket.customer]);
  const reply = useRef<ReplyBoxHandle>(null);
  const card = useRef<HTMLDivElement>(null);
  const [retrying, setRetrying] = useState<string | null>(null);

  // Contact Customer (Quick Actions) navigates here: each click is a new location key.
  const location = useLocation();
  useEffect(() => {
    if (location.hash !== REPLY_HASH) return;
    card.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    reply.current?.focus('email');
  }, [location.key, location.hash]);

  const send = useCrmMutation('tickets', 'postTicketMessage');
  const retry = useCrmMutation('tickets', 'retryTicketMessage');

  const onSend = async (message: NewTicketMessage): Promise<boolean> => {
    try {
      await send.mutateAsync([ticket.id, message]);
      toast(message.channel === 'comment' ? 'Comment Added' : 'Reply Queued', {
        description: message.channel === 'comment' ? 'Only your team can see it.' : 'It is on its way to the customer.',
        variant: 'success',
      });
      return true;
    } catch (failure) {
      toast('Error', { description: (failure as Error).message || 'The message could not be saved.', variant: 'destructive' });
      return false;
    }
  };

  const onRetry = (message: TicketMessage) => {
    setRetrying(message.id);
    retry.mutate([ticket.id, message.id], {
      onError: failure => toast('Error', { description: failure.message || 'The message could not be queued again.', variant: 'destructive' }),
      onSettled: () => setRetrying(null),
    });
  };

  return (
    <div ref={card} id="conversation">
      <InfoCard title="Conversation" testId="conversation-card">
        {isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : error ? (
          <Typography variant="body2" color="text.secondary">
            The conversation could not be loaded.
          </Typography>
        ) : (
          <MessageThread messages={data ?? []} onRetry={onRetry} retrying={retrying} />
        )}
        <ReplyBox
          ref={reply}
          choices={choices}
          initialChannel={defaultChannel(choices)}
          pending={send.isPending}
          onSend={onSend}
          tools={insert => <CannedReplyPicker ticketId={ticket.id} onInsert={insert} />}
        />
      </InfoCard>
    </div>
  );
}
