import { useRef, useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { IMPORT_MAX_FILE_BYTES, importSummaryText } from '../../lib/productImport';
import type { ProductImportPreview } from '../../providers/types';
import { useCrmMutation } from '../../providers/useCrm';

const ACTION_LABEL: Record<string, { label: string; color: 'success' | 'info' | 'default' | 'error' }> = {
  create: { label: 'Add', color: 'success' },
  update: { label: 'Update', color: 'info' },
  unchanged: { label: 'No change', color: 'default' },
  error: { label: 'Error', color: 'error' },
};

/**
 * Import products from a CSV file: choosing the file previews every line (what it would add or
 * update, and each line's errors); nothing is written until Import is confirmed, and only when no
 * line has errors.
 */
export function ImportProductsDialog({ brand, open, onClose }: { brand: string; open: boolean; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ProductImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewing = useCrmMutation('products', 'previewProductImport', {
    onSuccess: result => setPreview(result),
    onError: error => setProblem(failureMessage(error, 'The file could not be read.')),
  });
  const importing = useCrmMutation('products', 'importProducts', {
    onSuccess: result => {
      toast('Products imported', { description: importSummaryText(result.summary), variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      close();
    },
    onError: error => setProblem(failureMessage(error, 'The import failed; nothing was imported.')),
  });

  const close = () => {
    setFile(null);
    setPreview(null);
    setProblem(null);
    onClose();
  };

  const choose = async (chosen: File | undefined) => {
    setPreview(null);
    setProblem(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_FILE_BYTES) {
      setProblem(`The file is larger than ${IMPORT_MAX_FILE_BYTES / 1024} KB`);
      return;
    }
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    previewing.mutate([{ csv: text, brand }]);
  };

  const errors = preview?.summary.error ?? 0;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="lg" scroll="paper" aria-labelledby="import-products-title">
      <DialogTitle id="import-products-title">Import Products from CSV</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A header row naming Brand, SKU, Product Name, Warranty Term and, optionally, Sale Locations (separated by “;”), then one product
          per line. Without a Brand column every line is for {brand}. A brand&apos;s existing SKU is updated.
        </Typography>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid="import-products-file"
          onChange={event => void choose(event.target.files?.[0])}
        />
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={previewing.isPending}>
          {file ? 'Choose Another File' : 'Choose CSV File'}
        </Button>
        {file ? (
          <Typography component="span" variant="body2" sx={{ ml: 1.5 }}>
            {file.name}
          </Typography>
        ) : null}
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="import-products-problem">
            {problem}
          </Alert>
        ) : null}
        {preview ? (
          <Box sx={{ mt: 2 }}>
            <Alert severity={errors ? 'warning' : 'info'} sx={{ mb: 1.5 }} data-testid="import-products-summary">
              {importSummaryText(preview.summary)}
              {errors ? ' Fix the lines with errors and choose the file again: nothing is imported while any line has errors.' : ''}
            </Alert>
            <TableContainer sx={{ maxHeight: 420 }}>
              <Table size="small" stickyHeader aria-label="Import preview">
                <TableHead>
                  <TableRow>
                    <TableCell>Line</TableCell>
                    <TableCell>Brand</TableCell>
                    <TableCell>SKU</TableCell>
                    <TableCell>Product Name</TableCell>
                    <TableCell>Warranty Term</TableCell>
                    <TableCell>Action</TableCell>
                    <TableCell>Errors</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.map(row => (
                    <TableRow key={row.line} data-testid="import-preview-row">
                      <TableCell>{row.line}</TableCell>
                      <TableCell>{row.brand}</TableCell>
                      <TableCell>{row.sku}</TableCell>
                      <TableCell>{row.product_name}</TableCell>
                      <TableCell>{row.warranty_term}</TableCell>
                      <TableCell>
                        <Chip size="small" label={ACTION_LABEL[row.action]?.label ?? row.action} color={ACTION_LABEL[row.action]?.color ?? 'default'} />
                      </TableCell>
                      <TableCell sx={{ color: 'error.main' }}>{row.errors.map(e => e.message).join('; ')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!preview || errors > 0 || importing.isPending || preview.summary.create + preview.summary.update === 0}
          onClick={() => file && importing.mutate([{ csv: file.text, brand }])}
          data-testid="import-products-confirm"
        >
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
