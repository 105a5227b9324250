import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import type { RaRecord } from 'react-admin';

/**
 * The products resource: <Resource name="products" {...products} />. Products are managed per
 * brand in the Manage Products dialog of Settings (ManageProductsDialog), not on pages of their own.
 */
const products = {
  icon: InventoryIcon,
  recordRepresentation: (record: RaRecord) => `${String(record.sku)} ${String(record.product_name ?? '')}`.trim(),
};

export default products;
