import { Alert, AlertTitle, Box, Link, Typography } from '@mui/material';
import { useCloseNotification, useGetOne } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { duplicateLabel, matchedOnText, type DuplicateRef } from '../../lib/duplicates';
import type { Ticket, TicketDetail } from '../../providers/types';

/** One "Possible duplicate of #WC-…" link per ticket, each opening that ticket, with the reason. */
export function PossibleDuplicateLinks({ duplicates, onOpen }: { duplicates: DuplicateRef[]; onOpen?(): void }) {
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
  if (!duplicates.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="possible-duplicates-card">
      <AlertTitle>{duplicates.length === 1 ? 'Possible duplicate claim' : `${duplicates.length} possible duplicate claims`}</AlertTitle>
      <PossibleDuplicateLinks duplicates={duplicates} />
    </Alert>
  );
}
