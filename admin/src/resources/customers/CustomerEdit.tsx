import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { EditBase, Form, SaveButton, useEditContext, useUpdate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useToast } from '../../components/useToast';
import { customerPayload, validateCustomer, type CustomerFormValues } from '../../lib/customers';
import { failureMessage, fieldErrorsFrom } from '../../lib/fieldErrors';
import type { CustomerDetail } from '../../providers/types';
import { CustomerInputs } from './CustomerInputs';

/** /customers/{id}/edit: contact details and address, with the create form's rules; PUT /api/customers/{id}. */
export function CustomerEdit() {
  const { id = '' } = useParams();
  return (
    <EditBase<CustomerDetail> resource="customers" id={id} queryOptions={{ retry: false }}>
      <CustomerEditView />
    </EditBase>
  );
}

function CustomerEditView() {
  const { record, isPending, error } = useEditContext<CustomerDetail>();
  const [update] = useUpdate<CustomerDetail>();
  const toast = useToast();
  const navigate = useNavigate();
  if (isPending) return <Skeleton variant="rounded" height={320} />;
  if (error || !record) return <Alert severity="error">{(error as Error | null)?.message || 'Customer not found'}</Alert>;
  const hadEmail = !!record.email;

  const submit = async (values: CustomerFormValues) => {
    try {
      await update('customers', { id: record.id, data: customerPayload(values), previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      toast('Customer updated', { description: `${(values.name ?? '').trim()} was saved.`, variant: 'success' });
      navigate(`/customers/${record.id}/show`);
    } catch (failure) {
      toast('Error', { description: failureMessage(failure, 'Failed to update customer.'), variant: 'destructive' });
      return fieldErrorsFrom(failure);
    }
  };

  return (
    <Box data-testid="customer-edit">
      <Button component={RouterLink} to={`/customers/${record.id}/show`} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1, ml: -1 }}>
        Back to customer
      </Button>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Edit {record.name}
      </Typography>
      <Card>
        <CardContent>
          <Form record={record} validate={(values) => validateCustomer(values as CustomerFormValues, hadEmail)} onSubmit={(values: FieldValues) => submit(values as CustomerFormValues)}>
            <CustomerInputs />
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <SaveButton label="Save Customer" alwaysEnable data-testid="customer-save" />
              <Button component={RouterLink} to={`/customers/${record.id}/show`} color="inherit">
                Cancel
              </Button>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
