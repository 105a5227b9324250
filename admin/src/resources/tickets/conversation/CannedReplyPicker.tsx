import QuickreplyIcon from '@mui/icons-material/QuickreplyOutlined';
import { Button, ListItemText, Menu, MenuItem, MenuList } from '@mui/material';
import { useState } from 'react';
import { useToast } from '../../../components/useToast';
import { preview } from '../../../lib/cannedReplies';
import { failureMessage } from '../../../lib/fieldErrors';
import { browserTimeZone } from '../../../lib/timeZone';
import type { CrmDataProvider } from '../../../providers/dataProvider';
import type { CannedReply } from '../../../providers/methods/assignment';
import { useCrmProvider, useCrmQuery } from '../../../providers/useCrm';

/**
 * The reply filled from the ticket by the API (GET /api/tickets/{id}/canned-replies/{replyId}/render,
 * {{respond_by}} in the browser's time zone), handed to `onInsert`. Answers the text.
 */
export async function insertCannedReply(
  provider: Pick<CrmDataProvider, 'renderCannedReply'>,
  ticketId: string,
  replyId: string,
  onInsert: (text: string) => void,
  tz: string | undefined = browserTimeZone() ?? undefined,
): Promise<string> {
  const { text } = await provider.renderCannedReply(ticketId, replyId, tz);
  onInsert(text);
  return text;
}

/** The menu's entries: each reply's name over the start of its text; a line when there are none. */
export function CannedReplyMenuItems({ replies, onPick }: { replies: readonly CannedReply[]; onPick: (reply: CannedReply) => void }) {
  if (!replies.length) {
    return (
      <MenuItem disabled data-testid="canned-reply-none">
        <ListItemText primary="No canned replies yet" secondary="Add them in Settings → Canned Replies" />
      </MenuItem>
    );
  }
  return (
    <>
      {replies.map(reply => (
        <MenuItem key={reply.id} onClick={() => onPick(reply)} data-testid="canned-reply-option" sx={{ maxWidth: 420, whiteSpace: 'normal' }}>
          <ListItemText primary={reply.name} secondary={preview(reply.body, 90)} />
        </MenuItem>
      ))}
    </>
  );
}

/** The same entries as a plain list (for a static rendering of the menu). */
export function CannedReplyList(props: { replies: readonly CannedReply[]; onPick: (reply: CannedReply) => void }) {
  return (
    <MenuList dense>
      <CannedReplyMenuItems {...props} />
    </MenuList>
  );
}

/**
 * The reply box's Canned Replies button: a menu of the organization's replies; picking one inserts
 * its text filled from the ticket (`onInsert`), or says why it could not.
 */
export function CannedReplyPicker({ ticketId, onInsert }: { ticketId: string; onInsert: (text: string) => void }) {
  const provider = useCrmProvider();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: replies = [], isPending } = useCrmQuery('canned-replies', 'getCannedReplies', [], { enabled: anchor !== null });
  const pick = async (reply: CannedReply) => {
    setAnchor(null);
    setBusy(true);
    try {
      await insertCannedReply(provider, ticketId, reply.id, onInsert);
    } catch (failure) {
      toast(failureMessage(failure, 'Failed to insert the canned reply'), { variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<QuickreplyIcon />} disabled={busy} onClick={e => setAnchor(e.currentTarget)} data-testid="canned-reply-picker">
        Canned Replies
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} data-testid="canned-reply-menu">
        {isPending ? (
          <MenuItem disabled>Loading…</MenuItem>
        ) : (
          <CannedReplyMenuItems replies={replies} onPick={reply => void pick(reply)} />
        )}
      </Menu>
    </>
  );
}
