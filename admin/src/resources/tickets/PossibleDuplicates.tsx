import { useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, Link, Typography } from '@mui/material';
import { useCloseNotification, useGetOne } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/useToast';
import { mergedIntoLabel, mergeIntoLabel } from '../../lib/customers';
import { duplicateLabel, matchedOnText, type DuplicateRef } from '../../lib/duplicates';
import { failureMessage } from '../../lib/fieldErrors';
import type { Ticket, TicketDetail } from '../../providers/types';
import { useCrmMutation } from '../../providers/useCrm';

/** One "Possible duplicate of #WC-…" link per ticket, each opening that ticket, with the reason (and an action after it). */
export function PossibleDuplicateLinks({ duplicates, onOpen, action }: { duplicates: DuplicateRef[]; onOpen?(): void; action?(duplicate: DuplicateRef): ReactNode }) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="possible-duplicates">
      {duplicates.map(d => (
        <Box component="li" key={d.id} sx={{ py: 0.25 }}>
          <Link component={RouterLink} to={`/tickets/${d.id}`} onClick={onOpen} color="inherit" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="possible-duplicate-link">
            {duplicateLabel(d)}
          </Link>
          <Typography component="span" variant="body2" sx={{ ml: 1, opacity: 0.85 }}>
            ({matchedOnText(d.matched_on)})
          </Typography>
          {action?.(d)}
        </Box>
      ))}
    </Box>
  );
}

/** The links inside the "Ticket Created!" toast: opening one closes the toast. */
export function CreatedDuplicatesToastLinks({ duplicates }: { duplicates: DuplicateRef[] }) {
  const close = useCloseNotification();
  return (
    <Box sx={{ mt: 1 }}>
      <PossibleDuplicateLinks duplicates={duplicates} onOpen={close} />
    </Box>
  );
}

/**
 * Ticket detail: the other tickets with the same order or serial number; nothing when there are
 * none. Only the detail answer carries them: a record the list put in the cache (which never goes
 * stale by itself) is fetched once more.
 */
export function PossibleDuplicatesCard({ ticket }: { ticket: Ticket }) {
  const { data } = useGetOne<TicketDetail>(
    'tickets',
    { id: ticket.id },
    { refetchOnMount: query => ((query.state.data as Partial<TicketDetail> | undefined)?.possible_duplicates ? false : 'always') },
  );
  const duplicates = data?.possible_duplicates ?? [];
  const mergedInto = data?.merged_into ?? null;
  if (mergedInto) return <MergedIntoNotice into={mergedInto} />;
  if (!duplicates.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="possible-duplicates-card">
      <AlertTitle>{duplicates.length === 1 ? 'Possible duplicate claim' : `${duplicates.length} possible duplicate claims`}</AlertTitle>
      <PossibleDuplicateLinks duplicates={duplicates} action={(d) => <MergeIntoButton ticket={ticket} into={d} />} />
    </Alert>
  );
}

/** A merged ticket: Closed as a duplicate, with the link to the ticket that kept the claim. */
function MergedIntoNotice({ into }: { into: { id: string; ticket_number: string } }) {
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="merged-into-notice">
      <AlertTitle>Closed as a duplicate claim</AlertTitle>
      <Link component={RouterLink} to={`/tickets/${into.id}`} sx={{ fontWeight: 600 }} data-testid="merged-into-link">
        {mergedIntoLabel(into.ticket_number)}
      </Link>
    </Alert>
  );
}

/** "Merge into #…": after a confirmation naming what moves, this ticket is merged into the duplicate it names. */
function MergeIntoButton({ ticket, into }: { ticket: Ticket; into: DuplicateRef }) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const { mutate, isPending } = useCrmMutation('tickets', 'mergeTicket', {
    onSuccess: () => {
      setOpen(false);
      toast('Tickets merged', { description: `${ticket.ticket_number} was merged into ${into.ticket_number} and closed as a duplicate.`, variant: 'success' });
    },
    onError: (error) => toast('Error', { description: failureMessage(error, 'Failed to merge tickets.'), variant: 'destructive' }),
  });
  return (
    <>
      <Button size="small" color="inherit" variant="outlined" sx={{ ml: 1.5 }} onClick={() => setOpen(true)} data-testid="merge-into-button">
        {mergeIntoLabel(into.ticket_number)}
      </Button>
      <ConfirmDialog
        open={open}
        title={`Merge ${ticket.ticket_number} into ${into.ticket_number}?`}
        content={`Calls, notes and messages of ${ticket.ticket_number} move to ${into.ticket_number}, its description is added there as a note, and ${ticket.ticket_number} is closed as a duplicate. Both activity trails record the merge.`}
        confirmLabel="Merge"
        pendingLabel="Merging..."
        pending={isPending}
        testId="merge-ticket"
        onConfirm={() => mutate([ticket.id, into.id])}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
