import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import type { ExportKind } from '@warranty-crm/contract';
import { useCrmMutation, useCrmQuery } from '../providers/useCrm';
import type { DataExport } from '../providers/types';
import { exportStatusText } from '../lib/exports';
import { useToast } from './useToast';

/**
 * Exports the list's current filter to CSV: the server runs it as a job; the dialog follows its
 * progress and offers the file when it is ready (the requester is also notified).
 */
export function ExportCsvButton({ kind }: { kind: ExportKind }) {
  const { filterValues } = useListContext();
  const toast = useToast();
  const [exportId, setExportId] = useState<string | null>(null);
  const start = useCrmMutation('exports', 'startExport', {
    onSuccess: started => setExportId(started.id),
    onError: error => toast('Export failed', { description: error.message, variant: 'destructive' }),
  });
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={start.isPending}
        onClick={() => start.mutate([{ kind, filter: filterValues ?? {} }])}
        data-testid="export-csv-button"
      >
        Export CSV
      </Button>
      {exportId ? <ExportProgressDialog id={exportId} title={`Export ${kind === 'tickets' ? 'Tickets' : 'Customers'}`} onClose={() => setExportId(null)} /> : null}
    </>
  );
}

/** Follows an export until it is ready (or failed) and offers its file; also used by a customer's data export. */
export function ExportProgressDialog({ id, title, onClose }: { id: string; title: string; onClose: () => void }) {
  const { data } = useCrmQuery('exports', 'getExport', [id], {
    refetchInterval: query => (isSettled(query.state.data) ? false : 1000),
  });
  const ready = data?.status === 'ready' && data.download_url;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="export-dialog-title">
      <DialogTitle id="export-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {data?.status === 'failed' ? (
          <Alert severity="error" data-testid="export-error">
            The export failed: {data.error ?? 'unknown error'}
          </Alert>
        ) : (
          <Box>
            <LinearProgress
              variant={data && data.total_rows !== null ? 'determinate' : 'indeterminate'}
              value={data?.progress ?? 0}
              aria-label="Export progress"
              data-testid="export-progress"
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="export-status">
              {data ? exportStatusText(data) : 'Starting…'}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{ready ? 'Close' : 'Hide'}</Button>
        {ready ? (
          <Button variant="contained" startIcon={<DownloadIcon />} href={data.download_url!} download={data.file_name ?? undefined} data-testid="export-download">
            {data.kind === 'customer_data' ? 'Download archive' : 'Download CSV'}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

const isSettled = (data: DataExport | undefined) => data?.status === 'ready' || data?.status === 'failed' || data?.status === 'expired';
