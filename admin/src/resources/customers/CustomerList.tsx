import { Box, Card, Link, Typography } from '@mui/material';
import { DataTable, ListBase, Pagination, SearchInput, FilterForm, useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { PageHeader } from '../../components/PageHeader';
import { CUSTOMER_ROW_META, customerCountText } from '../../lib/customers';
import { formatShortDate } from '../../lib/date';
import type { CustomerListItem } from '../../providers/types';

const Column = DataTable.Col<CustomerListItem>;
const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search name, email or phone" data-testid="customer-search" />];

/** /customers: the organization's customers, newest first, searched and paged by the server. */
export function CustomerList() {
  return (
    <ListBase perPage={25} sort={{ field: 'created_at', order: 'DESC' }} queryOptions={{ meta: CUSTOMER_ROW_META }}>
      <PageHeader title="Customers" subtitle="Everyone who filed a claim or called, with their tickets" actions={<ExportCsvButton kind="customers" />} />
      <FilterForm filters={filters} />
      <CustomerResults />
    </ListBase>
  );
}

function CustomerResults() {
  const { total, isPending, meta } = useListContext<CustomerListItem>();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1.5, minHeight: 24 }} data-testid="customer-count">
        {isPending ? '\u00a0' : customerCountText(total ?? 0, meta?.totalEstimated === true)}
      </Typography>
      <Card>
        <DataTable<CustomerListItem> bulkActionButtons={false} rowClick="show" data-testid="customer-table" empty={<NoCustomers />}>
          <Column label="Name" source="name" disableSort render={(c) => <span data-testid="customer-row-name">{c.name}</span>} />
          <Column label="Email" source="email" disableSort render={(c) => c.email ?? 'N/A'} />
          <Column label="Phone" source="phone" disableSort render={(c) => c.phone ?? 'N/A'} />
          <Column label="Tickets" source="tickets_count" disableSort align="right" />
          <Column
            label="Last ticket"
            source="last_ticket_number"
            disableSort
            render={(c) =>
              c.last_ticket_id ? (
                <Link component={RouterLink} to={`/tickets/${c.last_ticket_id}`} onClick={(e) => e.stopPropagation()}>
                  {c.last_ticket_number} · {formatShortDate(c.last_ticket_at)}
                </Link>
              ) : (
                'None'
              )
            }
          />
          <Column label="Customer since" source="created_at" render={(c) => formatShortDate(c.created_at)} />
        </DataTable>
        {total ? <Pagination rowsPerPageOptions={[10, 25, 50, 100]} /> : null}
      </Card>
    </>
  );
}

function NoCustomers() {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }} data-testid="customer-list-empty">
      <Typography sx={{ fontWeight: 600 }}>No customers found</Typography>
      <Typography variant="body2" color="text.secondary" data-testid="customer-list-empty-hint">
        Customers are added with their tickets: a ticket from the web form, an e-mail or a call creates its customer.{' '}
        <Link component={RouterLink} to="/tickets">Go to tickets</Link>
      </Typography>
    </Box>
  );
}
