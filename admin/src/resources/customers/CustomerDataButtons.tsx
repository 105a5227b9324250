import { useState } from 'react';
import ArchiveIcon from '@mui/icons-material/Archive';
import { Button } from '@mui/material';
import { ExportProgressDialog } from '../../components/ExportCsvButton';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import type { CustomerDetail } from '../../providers/types';
import { useAccountPermissions } from '../../providers/useAccount';
import { useCrmMutation } from '../../providers/useCrm';
import { EraseCustomerButton } from './EraseCustomerButton';

/**
 * The show page's data-request actions (issue 35), for owners and administrators: "Export data"
 * (an archive of everything held about the customer, followed in the export dialog) and "Erase".
 */
export function CustomerDataButtons({ customer }: { customer: CustomerDetail }) {
  const { permissions } = useAccountPermissions();
  const toast = useToast();
  const [exportId, setExportId] = useState<string | null>(null);
  const start = useCrmMutation('exports', 'startCustomerDataExport', {
    onSuccess: (started) => setExportId(started.id),
    onError: (error) => toast('Export failed', { description: failureMessage(error, 'Could not export the data.'), variant: 'destructive' }),
  });
  if (permissions?.role !== 'owner' && permissions?.role !== 'admin') return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ArchiveIcon />}
        disabled={start.isPending}
        onClick={() => start.mutate([String(customer.id)])}
        data-testid="customer-export-data-button"
      >
        Export data
      </Button>
      <EraseCustomerButton customer={customer} />
      {exportId ? <ExportProgressDialog id={exportId} title={`Export ${customer.name}'s data`} onClose={() => setExportId(null)} /> : null}
    </>
  );
}
