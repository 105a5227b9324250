import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useToast } from '../../components/useToast';
import { credentialsText, invitationMessage } from '../../lib/userManagement';
import type { InvitedUser } from '../../providers/types';
import { useCrmQuery } from '../../providers/useCrm';
import { copyToClipboard } from '../../lib/clipboard';

/**
 * Shown once after an invite: the username and temporary password to pass on and, when the invite
 * named an e-mail, whether the invitation e-mail went (read from the API until it settles).
 */
export function CredentialsDialog({
  invited,
  open,
  onClose,
}: {
  invited: InvitedUser | null;
  open: boolean;
  onClose: () => void;
}) {
  const toast = useToast();

  const copy = async () => {
    if (!invited) return;
    if (await copyToClipboard(credentialsText(invited))) {
      toast('Copied!', { description: 'Credentials copied to clipboard', variant: 'success' });
    } else {
      toast('Copy failed', { description: 'Select the credentials and copy them by hand.', variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open && invited !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="credentials-dialog-title" data-testid="credentials-dialog">
      <DialogTitle id="credentials-dialog-title">User Invited</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Share these credentials with the new user.</DialogContentText>
        <Stack spacing={1.5} sx={{ p: 2, borderRadius: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider' }}>
          <Credential label="Username" value={invited?.username} testId="credentials-username" />
          <Credential label="Temporary Password" value={invited?.temporaryPassword} testId="credentials-password" />
        </Stack>
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="credentials-note">
          The user must change this password at first login.
        </Alert>
        {invited?.invitation && <InvitationStatus userId={invited.id} initial={invited.invitation} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" data-testid="credentials-done">
          Done
        </Button>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy} data-testid="copy-credentials">
          Copy Credentials
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Credential({ label, value, testId }: { label: string; value?: string; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        data-testid={testId}
        sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontWeight: 600, wordBreak: 'break-all', userSelect: 'all' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The invitation e-mail's state: polled while queued, then left as it settled. */
function InvitationStatus({ userId, initial }: { userId: string; initial: NonNullable<InvitedUser['invitation']> }) {
  const { data } = useCrmQuery('users', 'getInvitation', [userId], {
    initialData: initial,
    initialDataUpdatedAt: 0,
    refetchInterval: query => (!query.state.data || query.state.data.status === 'queued' ? 1500 : false),
  });
  const { severity, text } = invitationMessage(data ?? initial);
  return (
    <Alert severity={severity} sx={{ mt: 2 }} data-testid="invitation-status" data-status={(data ?? initial).status}>
      {text}
    </Alert>
  );
}
