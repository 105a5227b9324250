import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, SaveButton, TextInput, useGetList } from 'react-admin';
import { CopyButton } from '../../components/CopyButton';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { warrantyTicketFunction } from '@warranty-crm/contract';
import type { BrandWebhook, Settings } from '../../providers/types';
import { SecretInput } from './SecretInput';
import { useSaveSettings } from './settingsData';
import { useCrmProvider } from '../../providers/useCrm';

function UrlLine({ label, url }: { label: string; url: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, flexShrink: 0 }}>
        {label}:
      </Typography>
      <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
        {url}
      </Typography>
      <CopyButton text={url} label={`Copy ${label}`} />
    </Box>
  );
}

/** Retell API key and agent ID, and where each brand webhook's URLs go in Retell. */
export function RetellSection({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const crm = useCrmProvider();
  const toast = useToast();
  const [checking, setChecking] = useState(false);
  const checkAgent = async () => {
    setChecking(true);
    try {
      const agent = await crm.checkRetellAgent();
      const name = agent.agent_name ? `${agent.agent_name} (${agent.agent_id})` : agent.agent_id;
      toast('Retell agent found', {
        description: agent.webhook
          ? `${name} sends its calls to ${agent.webhook.name} (${agent.webhook.brand}).`
          : `${name} does not send its calls to any of your brand webhooks yet.`,
        variant: agent.webhook ? 'success' : 'default',
      });
    } catch (failure) {
      toast('Retell check failed', { description: failureMessage(failure, 'Could not reach Retell. Please try again.'), variant: 'destructive' });
    } finally {
      setChecking(false);
    }
  };
  const { data: webhooks = [], isPending, error } = useGetList<BrandWebhook>('webhooks', { pagination: { page: 1, perPage: 100 }, sort: { field: 'created_at', order: 'ASC' } });
  return (
    <Stack spacing={3}>
      <Form
        record={{ retell_agent_id: settings.retell_agent_id ?? '' }}
        onSubmit={(values: Record<string, any>) => save({ retell_api_key: values.retell_api_key ?? '', retell_agent_id: values.retell_agent_id ?? '' })}
      >
        <Stack spacing={1} sx={{ maxWidth: 560 }}>
          <SecretInput source="retell_api_key" label="API Key" isSet={settings.retell_api_key_set} />
          <TextInput source="retell_agent_id" label="Agent ID" helperText={false} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <SaveButton label="Save Retell Settings" alwaysEnable />
            <Button variant="outlined" onClick={checkAgent} disabled={checking || !settings.retell_api_key_set || !settings.retell_agent_id}>
              {checking ? 'Checking...' : 'Check agent'}
            </Button>
          </Box>
        </Stack>
      </Form>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Connecting the agent
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          In Retell, set the agent's webhook URL to the call webhook of the brand it answers for, and add a custom function named
          create_warranty_ticket whose URL is that brand's function URL (the same address with /api/functions/create_warranty_ticket/
          in place of /api/webhooks/retell/). Retell signs each request with your API key.
        </Typography>
        {/* "Create a brand webhook" only once the list says there is none; while it loads, the space of one webhook's URLs */}
        {isPending ? (
          <Skeleton variant="rounded" height={96} data-testid="retell-urls-loading" />
        ) : error ? (
          <Alert severity="error">{failureMessage(error, 'Could not load the brand webhooks')}</Alert>
        ) : webhooks.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Create a brand webhook under Webhook Configuration to get its URLs.
          </Typography>
        ) : (
          <Stack spacing={1.5}>
            {webhooks.map(webhook => (
              <Box key={webhook.id} data-testid="retell-urls" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {webhook.name} ({webhook.brand})
                </Typography>
                <UrlLine label="Call webhook URL" url={webhook.retell_webhook_url} />
                <UrlLine label="Function URL" url={webhook.create_warranty_ticket_url} />
              </Box>
            ))}
          </Stack>
        )}
      </Box>
      <FunctionDefinition questions={settings.ticket_fields_enabled} />
    </Stack>
  );
}

/**
 * The function's description and parameters to enter in Retell: only the ticket questions the
 * organization asks (Tickets Configuration), so the agent does not ask the others.
 */
function FunctionDefinition({ questions }: { questions: readonly string[] }) {
  const fn = warrantyTicketFunction(questions);
  const parameters = JSON.stringify(fn.parameters, null, 2);
  return (
    <Box data-testid="retell-function">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2">create_warranty_ticket parameters</Typography>
        <CopyButton text={parameters} label="Copy function parameters" />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Description: {fn.description} The parameters follow the enabled ticket questions; paste them again after changing those.
      </Typography>
      <Box component="pre" tabIndex={0} aria-label="Function parameters (JSON schema)" data-testid="retell-function-parameters" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflow: 'auto', maxHeight: 320 }}>
        {parameters}
      </Box>
    </Box>
  );
}
