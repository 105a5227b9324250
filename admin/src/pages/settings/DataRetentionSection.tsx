import { Alert, Box, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { CLOSED_TICKET_ACTION_LABELS, CLOSED_TICKET_ACTIONS, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, RETENTION_PERIOD_LABELS, RETENTION_PERIODS } from '@warranty-crm/contract';
import { useState } from 'react';
import { Form, NumberInput, RadioButtonGroupInput, SaveButton } from 'react-admin';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { useToast } from '../../components/useToast';
import { dryRunSummary, retentionDaysError, retentionDaysValue } from '../../lib/dataRetention';
import { failureMessage, fieldErrorsFrom } from '../../lib/fieldErrors';
import type { RetentionDryRun } from '../../providers/methods/retention';
import { useCrmMutation, useCrmQuery } from '../../providers/useCrm';

/**
 * Settings → Data retention (issue 35, owner and admins): how long recordings, attachments and
 * closed tickets are kept, then a dry run of the saved periods (what would go now), and only then
 * the switch that lets the daily task apply them. A changed period turns it off until a new dry run.
 */
export function DataRetentionSection() {
  const toast = useToast();
  const { data: policy, isPending, error } = useCrmQuery('retention', 'getRetentionPolicy', []);
  const { mutateAsync: save } = useCrmMutation('retention', 'updateRetentionPolicy');
  const { mutateAsync: dryRun, isPending: counting } = useCrmMutation('retention', 'runRetentionDryRun');
  const [counts, setCounts] = useState<RetentionDryRun | null>(null);

  if (isPending) return <CenteredSpinner />;
  if (error || !policy) return <Alert severity="error">{failureMessage(error, 'Failed to load the retention policy')}</Alert>;

  const onDryRun = async () => {
    try {
      setCounts(await dryRun([]));
    } catch (failure) {
      toast(failureMessage(failure, 'The dry run failed'), { variant: 'destructive' });
    }
  };
  const onToggle = async (enabled: boolean) => {
    try {
      await save([{ enabled }]);
      toast(enabled ? 'Retention turned on' : 'Retention turned off', { variant: 'success' });
    } catch (failure) {
      toast(failureMessage(failure, 'Failed to save settings'), { variant: 'destructive' });
    }
  };
  const canEnable = !!policy.dry_run_at && RETENTION_PERIODS.some(p => policy[p] !== null);

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="body2" color="text.secondary">
        Older recordings and attachments are deleted (here, in storage and at Twilio); closed tickets untouched for longer are anonymised or
        deleted. Leave a period empty to keep forever ({RETENTION_DAYS_MIN} to {RETENTION_DAYS_MAX} days). The task runs once a day.
      </Typography>
      <Form
        record={{ ...policy, recordings_days: policy.recordings_days ?? '', attachments_days: policy.attachments_days ?? '', closed_tickets_days: policy.closed_tickets_days ?? '' }}
        onSubmit={async (values: Record<string, any>) => {
          try {
            await save([{
              recordings_days: retentionDaysValue(values.recordings_days),
              attachments_days: retentionDaysValue(values.attachments_days),
              closed_tickets_days: retentionDaysValue(values.closed_tickets_days),
              closed_tickets_action: values.closed_tickets_action,
            }]);
            setCounts(null);
            toast('Settings saved', { variant: 'success' });
            return undefined;
          } catch (failure) {
            toast(failureMessage(failure, 'Failed to save settings'), { variant: 'destructive' });
            const errors = fieldErrorsFrom(failure);
            return Object.keys(errors).length ? errors : undefined;
          }
        }}
      >
        <Stack spacing={0}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            {RETENTION_PERIODS.map(period => (
              <NumberInput key={period} source={period} label={`${RETENTION_PERIOD_LABELS[period]} (days)`} validate={retentionDaysError} helperText="Empty: keep forever" sx={{ width: 200 }} />
            ))}
          </Box>
          <RadioButtonGroupInput
            source="closed_tickets_action"
            label="Closed tickets past their period"
            choices={CLOSED_TICKET_ACTIONS.map(id => ({ id, name: CLOSED_TICKET_ACTION_LABELS[id] }))}
            helperText={false}
          />
          <Box>
            <SaveButton label="Save Retention" alwaysEnable />
          </Box>
        </Stack>
      </Form>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={onDryRun} disabled={counting}>
          {counting ? 'Counting...' : 'Dry run'}
        </Button>
        <FormControlLabel
          control={<Switch checked={policy.enabled} onChange={(_, checked) => onToggle(checked)} disabled={!policy.enabled && !canEnable} inputProps={{ 'aria-label': 'Apply retention daily' }} />}
          label="Apply retention daily"
        />
      </Box>
      {counts ? (
        <Alert severity="info" data-testid="retention-dry-run">
          {dryRunSummary(counts)}
        </Alert>
      ) : null}
      {!policy.enabled && !canEnable ? (
        <Typography variant="body2" color="text.secondary" data-testid="retention-hint">
          Save at least one period and run a dry run to turn retention on.
        </Typography>
      ) : null}
      {policy.last_run_at ? (
        <Typography variant="body2" color="text.secondary">
          Last applied {new Date(policy.last_run_at).toLocaleString()}.
        </Typography>
      ) : null}
    </Stack>
  );
}
