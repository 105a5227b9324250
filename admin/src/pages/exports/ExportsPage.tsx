import DownloadIcon from '@mui/icons-material/Download';
import { Button, Card, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { PageHeader } from '../../components/PageHeader';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { exportStatusText } from '../../lib/exports';
import { useCrmQuery } from '../../providers/useCrm';

/** /exports: the signed-in user's latest exports, with their files while they are kept. */
export function ExportsPage() {
  const { data, isPending } = useCrmQuery('exports', 'getRecentExports', [], {
    refetchInterval: query => (query.state.data?.some(e => e.status === 'queued' || e.status === 'running') ? 2000 : false),
  });
  return (
    <>
      <PageHeader title="Exports" subtitle="Your CSV exports of the last days; each file is kept for 24 hours" />
      <Card>
        {isPending ? (
          <CenteredSpinner />
        ) : !data?.length ? (
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="exports-empty">
            No exports yet. Use Export CSV on the Tickets list.
          </Typography>
        ) : (
          <Table size="small" aria-label="Exports">
            <TableHead>
              <TableRow>
                <TableCell>File</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Requested</TableCell>
                <TableCell align="right">Download</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map(e => (
                <TableRow key={e.id} data-testid="export-row">
                  <TableCell>{e.file_name}</TableCell>
                  <TableCell>
                    <Chip size="small" label={e.status} sx={{ mr: 1, textTransform: 'capitalize' }} />
                    <Typography component="span" variant="body2" color="text.secondary">
                      {exportStatusText(e)}
                    </Typography>
                  </TableCell>
                  <TableCell>{new Date(e.created_at).toLocaleString()}</TableCell>
                  <TableCell align="right">
                    {e.download_url ? (
                      <Button size="small" startIcon={<DownloadIcon />} href={e.download_url} download={e.file_name ?? undefined}>
                        Download
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </>
  );
}
