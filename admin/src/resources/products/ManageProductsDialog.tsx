import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ImportProductsDialog } from './ImportProductsDialog';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, Form, SaveButton, useCreate, useDelete, useGetList, useUpdate } from 'react-admin';
import { useToast } from '../../components/useToast';
import { failureMessage, fieldErrorsFrom } from '../../lib/fieldErrors';
import { saleLocationLabel } from '../../lib/settingsRules';
import type { Product } from '../../providers/types';
import { ProductInputs } from './ProductInputs';

const EMPTY = { sku: '', product_name: '', warranty_term: '', sale_locations: [] as string[] };

function termHint(product: Product): string {
  if (product.warranty_term_kind === 'lifetime') return 'Lifetime';
  if (product.warranty_term_kind === 'days') return `${product.warranty_term_days} days`;
  return 'not a duration: 90 days apply';
}

function ProductCard({ product, onEdit, onDelete }: { product: Product; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card variant="outlined" data-testid="product-card">
      <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            SKU: {product.sku}
          </Typography>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {product.product_name}
          </Typography>
          <Typography variant="body2">
            Warranty: {product.warranty_term} <Typography component="span" variant="caption" color="text.secondary">({termHint(product)})</Typography>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Sold at: {product.sale_locations.length ? product.sale_locations.map(saleLocationLabel).join(', ') : 'Not specified'}
          </Typography>
        </Box>
        <IconButton aria-label={`Edit ${product.sku}`} onClick={onEdit} size="small">
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton aria-label={`Delete ${product.sku}`} onClick={onDelete} size="small" color="error">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </CardContent>
    </Card>
  );
}

/** Manage Products (per brand): product cards with edit and delete, and the add/edit form. */
export function ManageProductsDialog({ brand, open, onClose }: { brand: string; open: boolean; onClose: () => void }) {
  const toast = useToast();
  const { data: products = [], isPending } = useGetList<Product>(
    'products',
    { filter: { brand }, pagination: { page: 1, perPage: 1000 }, sort: { field: 'product_name', order: 'ASC' } },
    { enabled: open },
  );
  const [create] = useCreate();
  const [update] = useUpdate();
  const [remove] = useDelete();
  const [editing, setEditing] = useState<Product | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [importing, setImporting] = useState(false);

  const resetForm = () => {
    setEditing(null);
    setFormKey(k => k + 1);
  };

  const submit = async (values: Record<string, unknown>) => {
    const data = { brand, sku: values.sku, product_name: values.product_name, warranty_term: values.warranty_term, sale_locations: values.sale_locations ?? [] };
    try {
      if (editing) {
        await update('products', { id: editing.id, data, previousData: editing }, { mutationMode: 'pessimistic', returnPromise: true });
        toast('Product updated', { variant: 'success' });
      } else {
        await create('products', { data }, { returnPromise: true });
        toast('Product created', { variant: 'success' });
      }
      resetForm();
      return undefined;
    } catch (failure) {
      toast(editing ? 'Failed to update product' : 'Failed to create product', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' });
      const errors = fieldErrorsFrom(failure);
      return Object.keys(errors).length ? errors : undefined;
    }
  };

  const confirmDelete = async () => {
    const product = deleting;
    setDeleting(null);
    if (!product) return;
    try {
      await remove('products', { id: product.id, previousData: product }, { mutationMode: 'pessimistic', returnPromise: true });
      if (editing?.id === product.id) resetForm();
      toast('Product deleted', { variant: 'success' });
    } catch (failure) {
      toast('Failed to delete product', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" scroll="paper" aria-labelledby="manage-products-title">
      <DialogTitle id="manage-products-title">Manage Products: {brand}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Stack spacing={1.5}>
            <Typography variant="subtitle2">Products</Typography>
            {isPending ? null : products.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No products for {brand} yet.
              </Typography>
            ) : (
              products.map(product => (
                <ProductCard
                  key={product.id}
                  product={product}
                  onEdit={() => {
                    setEditing(product);
                    setFormKey(k => k + 1);
                  }}
                  onDelete={() => setDeleting(product)}
                />
              ))
            )}
          </Stack>
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {editing ? `Edit ${editing.sku}` : 'Add Product'}
            </Typography>
            <Form key={formKey} record={editing ?? EMPTY} onSubmit={submit} disableInvalidFormNotification>
              <ProductInputs />
              <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
                <SaveButton label={editing ? 'Update Product' : 'Add Product'} alwaysEnable />
                {editing ? <Button onClick={resetForm}>Cancel</Button> : null}
              </Box>
            </Form>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)} sx={{ mr: 'auto' }} data-testid="import-products-button">
          Import CSV
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <ImportProductsDialog brand={brand} open={importing} onClose={() => setImporting(false)} />
      <Confirm
        isOpen={deleting !== null}
        title="Delete product"
        content={deleting ? `Delete ${deleting.sku} (${deleting.product_name})? This cannot be undone.` : ''}
        confirm="Delete"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
}
