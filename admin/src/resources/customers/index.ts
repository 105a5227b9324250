import CustomerIcon from '@mui/icons-material/PersonOutline';
import type { CustomerListItem } from '../../providers/types';
import { lazyScreen } from '../../lib/lazyScreen';

const CustomerEdit = lazyScreen(() => import('./CustomerEdit'), 'CustomerEdit');
const CustomerList = lazyScreen(() => import('./CustomerList'), 'CustomerList');
const CustomerShow = lazyScreen(() => import('./CustomerShow'), 'CustomerShow');

/**
 * The customers resource: <Resource name="customers" {...customers} />. Customers are created with
 * their first ticket (or call), so there is no create route; /customers/{id} edits, /customers/{id}/show shows.
 */
const customers = {
  list: CustomerList,
  show: CustomerShow,
  edit: CustomerEdit,
  create: undefined,
  icon: CustomerIcon,
  recordRepresentation: (record: CustomerListItem) => record.name ?? String(record.id),
};

export default customers;
