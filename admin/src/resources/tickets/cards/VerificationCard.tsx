import { useEffect, useState } from 'react';
import { FormControlLabel, Switch } from '@mui/material';
import { useUpdate } from 'react-admin';
import { useToast } from '../../../components/useToast';
import type { Ticket } from '../../../providers/types';
import { InfoCard } from './InfoCard';

/** Purchase Verified: flips at once on click, and back if the server refuses. */
export function VerificationCard({ ticket }: { ticket: Ticket }) {
  const toast = useToast();
  const [verified, setVerified] = useState(ticket.purchase_verified);
  const [update, { isPending }] = useUpdate<Ticket>('tickets');
  useEffect(() => setVerified(ticket.purchase_verified), [ticket.purchase_verified]);

  const toggle = (next: boolean) => {
    setVerified(next);
    update(
      'tickets',
      { id: ticket.id, data: { purchase_verified: next }, previousData: ticket },
      {
        onSuccess: () =>
          toast('Purchase Verification Updated', {
            description: next ? 'The purchase is marked as verified.' : 'The purchase is marked as not verified.',
            variant: 'success',
          }),
        onError: () => {
          setVerified(!next);
          toast('Error', { description: 'Failed to update purchase verification.', variant: 'destructive' });
        },
      },
    );
  };

  return (
    <InfoCard title="Verification" testId="verification-card">
      <FormControlLabel
        control={
          <Switch
            checked={verified}
            disabled={isPending}
            onChange={event => toggle(event.target.checked)}
            slotProps={{ input: { 'aria-label': 'Purchase Verified' } }}
            data-testid="purchase-verified-switch"
          />
        }
        label="Purchase Verified"
      />
    </InfoCard>
  );
}
