import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { Form, SaveButton, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { DENIAL_REASONS_MAX, WARRANTY_TEMPLATE_MAX_LENGTH } from '@warranty-crm/contract';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { useCrmMutation, useCrmQuery } from '../../providers/useCrm';

const reasonsOf = (text: string) => [...new Set(text.split('\n').map(r => r.trim()).filter(Boolean))];

function validate(values: FieldValues): Record<string, string> {
  const reasons = reasonsOf(values.denial_reasons ?? '');
  if (!reasons.length) return { denial_reasons: 'Keep at least one denial reason' };
  if (reasons.length > DENIAL_REASONS_MAX) return { denial_reasons: `At most ${DENIAL_REASONS_MAX} denial reasons` };
  return {};
}

/** Settings → Tickets: the denial reasons a claim is denied with, and the approval / denial messages to the customer. */
export function WarrantyDecisionSettings({ readOnly = false }: { readOnly?: boolean }) {
  const toast = useToast();
  const settings = useCrmQuery('warranty-settings', 'getWarrantySettings', []);
  const save = useCrmMutation('warranty-settings', 'updateWarrantySettings', {
    onSuccess: () => toast('Settings saved', { description: 'Warranty decisions updated.', variant: 'success' }),
    onError: failure => toast('Failed to save', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' }),
  });
  if (!settings.data) return <Skeleton height={120} />;
  const placeholders = settings.data.placeholders.map(p => `{{${p}}}`).join(', ');
  return (
    <Box data-testid="warranty-decision-settings" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        Warranty decisions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Denial reasons and the messages the customer receives when a claim is approved or denied. Placeholders: {placeholders}.
      </Typography>
      <Form
        noValidate
        record={{
          denial_reasons: settings.data.denial_reasons.join('\n'),
          approval_template: settings.data.approval_template,
          denial_template: settings.data.denial_template,
        }}
        validate={validate}
        onSubmit={(values: FieldValues) =>
          save.mutate([{ denial_reasons: reasonsOf(values.denial_reasons ?? ''), approval_template: values.approval_template ?? '', denial_template: values.denial_template ?? '' }])
        }
      >
        <Stack spacing={1}>
          <TextInput source="denial_reasons" label="Denial reasons (one per line)" multiline minRows={4} resettable={false} disabled={readOnly} slotProps={{ htmlInput: { 'data-testid': 'denial-reasons' } }} />
          <TextInput source="approval_template" label="Approval message" multiline minRows={4} resettable={false} disabled={readOnly} slotProps={{ htmlInput: { maxLength: WARRANTY_TEMPLATE_MAX_LENGTH, 'data-testid': 'approval-template' } }} helperText="Empty: the default message" />
          <TextInput source="denial_template" label="Denial message" multiline minRows={4} resettable={false} disabled={readOnly} slotProps={{ htmlInput: { maxLength: WARRANTY_TEMPLATE_MAX_LENGTH, 'data-testid': 'denial-template' } }} helperText="Empty: the default message" />
          {readOnly ? null : (
            <Box>
              <SaveButton label="Save Warranty Decisions" alwaysEnable />
            </Box>
          )}
        </Stack>
      </Form>
    </Box>
  );
}
