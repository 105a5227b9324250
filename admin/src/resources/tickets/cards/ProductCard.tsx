import { Chip } from '@mui/material';
import { formatShortDate } from '../../../lib/date';
import { warrantyLabel } from '../../../lib/warranty';
import type { Ticket } from '../../../providers/types';
import { Field, Fields, InfoCard } from './InfoCard';

/** Brand, model, purchase location and date, and the warranty the server judged at creation with the days left. */
export function ProductCard({ ticket }: { ticket: Ticket }) {
  return (
    <InfoCard title="Product Information" testId="product-card">
      <Fields>
        <Field label="Brand" value={ticket.product_brand} />
        <Field label="Model" value={ticket.product_model} />
        <Field label="Purchase Location" value={ticket.purchase_location} />
        <Field label="Purchase Date" value={formatShortDate(ticket.purchase_date)} testId="purchase-date" />
        {ticket.product_sku ? <Field label="Product SKU" value={ticket.product_sku} /> : null}
        {ticket.serial_number ? <Field label="Serial Number" value={ticket.serial_number} /> : null}
        {ticket.order_number ? <Field label="Order Number" value={ticket.order_number} /> : null}
        {ticket.under_warranty === null ? null : (
          <Field
            label="Warranty"
            value={
              <Chip
                size="small"
                variant="outlined"
                color={ticket.under_warranty ? 'success' : 'error'}
                data-testid="ticket-warranty"
                label={warrantyLabel(ticket)}
                sx={{ fontWeight: 700 }}
              />
            }
          />
        )}
      </Fields>
    </InfoCard>
  );
}
