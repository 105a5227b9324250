import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { INBOUND_EMAIL_MESSAGES } from '@warranty-crm/contract';
import { useState } from 'react';
import { email, Form, SaveButton, TextInput } from 'react-admin';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { useToast } from '../../components/useToast';
import { copyToClipboard } from '../../lib/clipboard';
import { failureMessage, fieldErrorsFrom } from '../../lib/fieldErrors';
import { receiverStatusText, supportAddressText } from '../../lib/inboundEmail';
import { useCrmMutation, useCrmQuery } from '../../providers/useCrm';
import { SecretInput } from './SecretInput';

/**
 * Inbound e-mail (owner and admins): the address mail is taken for, the SMTP receiver's state, and
 * the signed webhook (Mailgun's forward()) with its signing key, pasted from the provider or generated here.
 */
export function InboundEmailSection() {
  const toast = useToast();
  const { data, isPending, error } = useCrmQuery('inbound-email', 'getInboundEmailSettings', []);
  const { mutateAsync: save } = useCrmMutation('inbound-email', 'updateInboundEmailSettings');
  const { mutateAsync: generate, isPending: generating } = useCrmMutation('inbound-email', 'generateInboundSigningKey');
  const [newKey, setNewKey] = useState<string | null>(null);

  if (isPending) return <CenteredSpinner />;
  if (error || !data) return <Alert severity="error">{failureMessage(error, 'Failed to load inbound e-mail settings')}</Alert>;

  const copy = async (text: string) => toast((await copyToClipboard(text)) ? 'Copied' : 'Could not copy', { variant: 'success' });
  const onGenerate = async () => {
    try {
      setNewKey((await generate([])).signing_key);
    } catch (failure) {
      toast(failureMessage(failure, 'Failed to generate a signing key'), { variant: 'destructive' });
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="body2" data-testid="inbound-email-status">
        {supportAddressText(data.address, data.support_address)}. {receiverStatusText(data.smtp_receiver)}.
      </Typography>
      <Form
        record={{ address: data.address ?? '' }}
        onSubmit={async (values: Record<string, any>) => {
          try {
            await save([{ address: values.address ?? '', signing_key: values.signing_key ?? '' }]);
            toast('Settings saved', { variant: 'success' });
            return undefined;
          } catch (failure) {
            toast(failureMessage(failure, 'Failed to save settings'), { variant: 'destructive' });
            const errors = fieldErrorsFrom(failure);
            return Object.keys(errors).length ? errors : undefined;
          }
        }}
      >
        <Stack spacing={1}>
          <TextInput source="address" label="Inbound address" placeholder="support@yourcompany.com" validate={email(INBOUND_EMAIL_MESSAGES.address)} helperText="The support mailbox that forwards here, or the address your MX points at" />
          <SecretInput source="signing_key" label="Webhook signing key" isSet={data.signing_key_set} />
          <Box>
            <SaveButton label="Save Inbound E-mail" alwaysEnable />
          </Box>
        </Stack>
      </Form>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <TextField label="Webhook URL (Mailgun forward())" value={data.webhook_url} size="small" fullWidth slotProps={{ input: { readOnly: true } }} />
        <Tooltip title="Copy">
          <IconButton aria-label="Copy webhook URL" onClick={() => copy(data.webhook_url)}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box>
        <Button variant="outlined" onClick={onGenerate} disabled={generating}>
          {generating ? 'Generating...' : 'Generate signing key'}
        </Button>
      </Box>
      {newKey ? (
        <Alert severity="warning" onClose={() => setNewKey(null)} data-testid="inbound-email-new-key">
          New signing key (shown once; paste it into your provider):{' '}
          <Box component="code" sx={{ wordBreak: 'break-all' }}>{newKey}</Box>{' '}
          <Button size="small" onClick={() => copy(newKey)}>Copy</Button>
        </Alert>
      ) : null}
    </Stack>
  );
}
