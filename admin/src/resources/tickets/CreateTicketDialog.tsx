import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
  useMediaQuery,
  type TextFieldProps,
  type Theme,
} from '@mui/material';
import { HttpError } from 'react-admin';
import { useToast } from '../../components/useToast';
import {
  CONTACT_METHODS,
  descriptionCounter,
  EMPTY_TICKET_FORM,
  fieldErrorsFrom,
  ISSUE_CATEGORIES,
  ISSUE_DESCRIPTION_MIN,
  ISSUE_START_TIMES,
  JACK_MODELS,
  PREFERRED_RESOLUTIONS,
  purchaseLocationOptions,
  ticketCreatedDescription,
  toCreatePayload,
  validateTicketForm,
  YES_NO,
  type TicketFormErrors,
  type TicketFormField,
  type TicketFormValues,
} from '../../lib/ticketForm';
import { isUnderWarranty } from '../../lib/warranty';
import { ticketsApi, useOrganizationName, useRefreshTickets } from './api';

export const CREATE_FAILED = 'Failed to create ticket. Please try again.';

/** The Create New Ticket dialog (spec part 1 sections 2, 3, 5 and 8). */
export function CreateTicketDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const toast = useToast();
  const refresh = useRefreshTickets();
  const hostName = useOrganizationName();
  const [values, setValues] = useState<TicketFormValues>(EMPTY_TICKET_FORM);
  const [errors, setErrors] = useState<TicketFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);

  const reset = () => {
    setValues(EMPTY_TICKET_FORM);
    setErrors({});
    setSubmitted(false);
  };

  const close = () => {
    if (pending) return;
    onClose();
    reset();
  };

  const change = (field: TicketFormField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // after a first attempt, messages follow the input as it is corrected
    if (submitted) setErrors(validateTicketForm(next));
    else if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = async () => {
    setSubmitted(true);
    const found = validateTicketForm(values);
    setErrors(found);
    if (Object.keys(found).length) {
      const first = document.querySelector<HTMLElement>(`[data-field="${Object.keys(found)[0]}"] input, [data-field="${Object.keys(found)[0]}"] textarea`);
      first?.focus();
      return;
    }
    setPending(true);
    try {
      const created = await ticketsApi.create(toCreatePayload(values));
      const number = created.ticketNumber ?? created.ticket_number;
      setPending(false);
      onClose();
      reset();
      toast('Ticket Created!', { description: ticketCreatedDescription(number), variant: 'success' });
      await refresh();
    } catch (error) {
      setPending(false);
      if (error instanceof HttpError) setErrors(current => ({ ...current, ...fieldErrorsFrom(error.body) }));
      toast('Error', { description: (error as Error)?.message || CREATE_FAILED, variant: 'destructive' });
    }
  };

  const field = (name: TicketFormField) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name],
    'data-field': name,
    fullWidth: true,
    size: 'small' as const,
  });

  const warranty = values.purchaseDate && /^\d{4}-\d{2}-\d{2}$/.test(values.purchaseDate) ? isUnderWarranty(values.purchaseDate) : null;

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="create-ticket-title"
      data-testid="create-ticket-dialog"
    >
      <DialogTitle id="create-ticket-title" sx={{ fontWeight: 700 }}>
        Create New Ticket
      </DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          noValidate
          id="create-ticket-form"
          onSubmit={event => {
            event.preventDefault();
            void submit();
          }}
        >
          <Section title="Customer Information">
            <TextField label="Full Name" required {...field('customerName')} />
            <TextField label="Email" type="email" required {...field('customerEmail')} />
            <TextField label="Phone" type="tel" {...field('customerPhone')} />
            <TextField select label="Preferred Contact Method" {...field('contactMethod')}>
              {CONTACT_METHODS.map(option => (
                <MenuItem key={option} value={option}>
                  {option}
                </MenuItem>
              ))}
            </TextField>
          </Section>

          <Section title="Order Information">
            <TextField label="Order Number" required {...field('orderNumber')} />
            <Box>
              <TextField
                label="Purchase Date"
                type="date"
                required
                {...field('purchaseDate')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              {warranty !== null ? (
                <Chip
                  size="small"
                  data-testid="warranty-badge"
                  label={warranty ? 'UNDER WARRANTY' : 'OUT OF WARRANTY'}
                  sx={{
                    mt: 1,
                    fontWeight: 700,
                    color: warranty ? '#15803d' : '#b91c1c',
                    bgcolor: warranty ? '#dcfce7' : '#fee2e2',
                  }}
                />
              ) : null}
            </Box>
            <SelectField label="Purchase Location" required options={purchaseLocationOptions(hostName)} {...field('purchaseLocation')} />
          </Section>

          <Section title="Product Details">
            <TextField label="Product SKU/Model" required {...field('productSku')} />
            <SelectField label="Jack Model" required options={JACK_MODELS} {...field('jackModel')} />
            <TextField label="Serial Number" {...field('serialNumber')} />
          </Section>

          <Section title="Issue Details">
            <SelectField label="Issue Category" required options={ISSUE_CATEGORIES} {...field('issueCategory')} />
            <SelectField label="When did the issue start?" required options={ISSUE_START_TIMES} {...field('issueStartTime')} />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <TextField
                label="Issue Description"
                required
                multiline
                minRows={4}
                placeholder="Describe the problem in detail"
                {...field('issueDescription')}
                helperText={errors.issueDescription}
              />
              <Typography
                variant="caption"
                data-testid="description-counter"
                sx={{
                  display: 'block',
                  mt: 0.5,
                  color: values.issueDescription.trim().length >= ISSUE_DESCRIPTION_MIN ? 'success.main' : 'text.secondary',
                }}
              >
                {descriptionCounter(values.issueDescription)}
              </Typography>
            </Box>
            <FormControl sx={{ gridColumn: '1 / -1' }} data-field="troubleshootingAttempted">
              <FormLabel id="troubleshooting-label">Have you attempted any troubleshooting?</FormLabel>
              <RadioGroup
                row
                aria-labelledby="troubleshooting-label"
                value={values.troubleshootingAttempted}
                onChange={event => change('troubleshootingAttempted', event.target.value)}
              >
                {YES_NO.map(option => (
                  <FormControlLabel key={option} value={option} control={<Radio size="small" />} label={option} />
                ))}
              </RadioGroup>
            </FormControl>
            {values.troubleshootingAttempted === 'Yes' ? (
              <Box sx={{ gridColumn: '1 / -1' }}>
                <TextField label="Troubleshooting Steps" required multiline minRows={3} {...field('troubleshootingSteps')} />
              </Box>
            ) : null}
          </Section>

          <Section title="Resolution Preference" last>
            <FormControl error={Boolean(errors.preferredResolution)} sx={{ gridColumn: '1 / -1' }} data-field="preferredResolution">
              <FormLabel id="resolution-label" required>
                Preferred Resolution
              </FormLabel>
              <RadioGroup
                aria-labelledby="resolution-label"
                value={values.preferredResolution}
                onChange={event => change('preferredResolution', event.target.value)}
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
              >
                {PREFERRED_RESOLUTIONS.map(option => (
                  <FormControlLabel key={option} value={option} control={<Radio size="small" />} label={option} />
                ))}
              </RadioGroup>
              {errors.preferredResolution ? <FormHelperText>{errors.preferredResolution}</FormHelperText> : null}
            </FormControl>
          </Section>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" form="create-ticket-form" variant="contained" disabled={pending} data-testid="create-ticket-submit">
          {pending ? 'Creating...' : 'Create Ticket'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Section({ title, children, last }: { title: string; children: ReactNode; last?: boolean }) {
  return (
    <Box component="section" sx={{ mb: last ? 0 : 3 }} aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}>{children}</Box>
    </Box>
  );
}

function SelectField({ options, ...props }: { options: readonly string[] } & TextFieldProps) {
  return (
    <TextField select {...props}>
      {options.map(option => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}
