import { Box, Divider, Stack, Typography } from '@mui/material';
import { AutocompleteArrayInput, BooleanInput, Form, SaveButton } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { useAssignees } from '../../resources/tickets/assignment/AssigneeSelect';
import { useCrmMutation, useCrmQuery } from '../../providers/useCrm';

export const AGENTS_REQUIRED = 'Choose at least one agent to rotate among';

/** Turning it on needs someone to rotate among. */
export function validateAutoAssignment(values: { enabled?: boolean; agent_ids?: string[] }): Record<string, string> {
  return values.enabled && !(values.agent_ids ?? []).length ? { agent_ids: AGENTS_REQUIRED } : {};
}

/**
 * Settings → Tickets: automatic assignment of new tickets, round-robin among the chosen agents
 * (PUT /api/settings/auto-assignment; saved on its own, like each section).
 */
export function AutoAssignmentSettings() {
  const toast = useToast();
  const { data } = useCrmQuery('settings', 'getAutoAssignment', []);
  const { data: users = [] } = useAssignees();
  const { mutateAsync } = useCrmMutation('settings', 'updateAutoAssignment');
  if (!data) return null;
  return (
    <Box data-testid="auto-assignment">
      <Divider sx={{ my: 3 }} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Automatic assignment
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        New tickets are assigned in turn to the agents below (round-robin). Removed users are skipped.
      </Typography>
      <Form
        record={{ enabled: data.enabled, agent_ids: data.agent_ids }}
        validate={(values: FieldValues) => validateAutoAssignment(values)}
        onSubmit={async (values: FieldValues) => {
          try {
            await mutateAsync([{ enabled: Boolean(values.enabled), agent_ids: values.agent_ids ?? [] }]);
            toast('Settings saved', { variant: 'success' });
          } catch (failure) {
            toast(failureMessage(failure, 'Failed to save settings'), { variant: 'destructive' });
          }
        }}
      >
        <Stack spacing={1}>
          <BooleanInput source="enabled" label="Assign new tickets automatically" helperText={false} data-testid="auto-assign-enabled" />
          <AutocompleteArrayInput
            source="agent_ids"
            label="Agents to rotate among"
            choices={users.map(u => ({ id: u.id, name: u.name }))}
            helperText={false}
            data-testid="auto-assign-agents"
          />
          <Box>
            <SaveButton label="Save Automatic Assignment" alwaysEnable data-testid="auto-assign-save" />
          </Box>
        </Stack>
      </Form>
    </Box>
  );
}
