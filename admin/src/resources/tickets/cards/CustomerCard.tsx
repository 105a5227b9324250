import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { Ticket } from '../../../providers/types';
import { Field, Fields, InfoCard } from './InfoCard';

/** Name (a link to the customer's page), email, phone, and the address when a street is on file. */
export function CustomerCard({ ticket }: { ticket: Ticket }) {
  const c = ticket.customer;
  const street = c?.street?.trim();
  const cityLine = [c?.city, [c?.state, c?.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <InfoCard title="Customer Information" testId="customer-card">
      <Fields>
        <Field
          label="Name"
          testId="customer-name"
          value={c?.id ? <Link component={RouterLink} to={`/customers/${c.id}/show`} data-testid="customer-page-link">{c.name}</Link> : c?.name}
        />
        <Field label="Email" value={c?.email} testId="customer-email" />
        <Field label="Phone" value={c?.phone} testId="customer-phone" />
        {street ? (
          <Field
            label="Address"
            testId="customer-address"
            value={
              <>
                {street}
                {cityLine ? (
                  <>
                    <br />
                    {cityLine}
                  </>
                ) : null}
              </>
            }
          />
        ) : null}
      </Fields>
    </InfoCard>
  );
}
