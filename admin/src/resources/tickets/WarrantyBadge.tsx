import { Chip } from '@mui/material';
import { useGetList } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { predictedWarranty, warrantyLabel } from '../../lib/warranty';
import type { Product } from '../../providers/types';
import { useCrmQuery } from '../../providers/useCrm';

/** The organization's products oldest first, as the server matches them (the first match wins). */
const PRODUCTS = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'created_at', order: 'ASC' as const } };

/**
 * The create form's live warranty badge, once a purchase date is entered: the verdict and days left
 * the ticket will be saved with, by the server's rule (the matching product's term, else 90 days).
 */
export function WarrantyBadge() {
  const [purchaseDate, productSku, jackModel, productBrand] = useWatch({ name: ['purchaseDate', 'productSku', 'jackModel', 'productBrand'] }) as (string | undefined)[];
  const { data: products = [] } = useGetList<Product>('products', PRODUCTS);
  const { data: defaultBrand } = useCrmQuery('settings', 'getSettings', [], { select: settings => settings?.ticket_brand ?? null });
  if (!purchaseDate || !/^\d{4}-\d{2}-\d{2}$/.test(purchaseDate)) return null;
  const status = predictedWarranty({ purchaseDate, productSku, jackModel, productBrand }, products, defaultBrand);
  return (
    <Chip
      size="small"
      data-testid="warranty-badge"
      data-under-warranty={String(status.under_warranty)}
      label={warrantyLabel(status)}
      color={status.under_warranty ? 'success' : 'error'}
      variant="outlined"
      sx={{ mt: 1, fontWeight: 700 }}
    />
  );
}
