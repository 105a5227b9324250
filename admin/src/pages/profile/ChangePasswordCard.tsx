import { Box, Card, CardContent, Typography } from '@mui/material';
import { Form, PasswordInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { validatePasswordChange, withBlanks, type PasswordChangeField, type PasswordChangeValues } from '../../lib/validators';
import { useCrmMutation } from '../../providers/useCrm';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const INCORRECT = 'Current password is incorrect';

const FIELDS: { name: PasswordChangeField; label: string; autoComplete: string; testId: string }[] = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password', testId: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password', testId: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password', testId: 'confirm-password' },
];

/** Current, new and confirm password; other sessions of the user end on the server. */
export function ChangePasswordCard() {
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Form noValidate defaultValues={EMPTY} disableInvalidFormNotification>
          <PasswordFields />
        </Form>
      </CardContent>
    </Card>
  );
}

/** Inside the Form: the rules of validators.ts on submit (a toast and the field's message), then the API. */
function PasswordFields() {
  const toast = useToast();
  const { handleSubmit, setError, reset } = useFormContext<PasswordChangeValues>();
  const change = useCrmMutation('user', 'changePassword', {
    onSuccess: () => {
      reset(EMPTY);
      toast('Password changed', { description: 'Your password has been updated successfully.', variant: 'success' });
    },
    onError: failure => {
      const message = failureMessage(failure, 'Failed to change password');
      if (message === INCORRECT) setError('currentPassword', { type: 'server', message });
      toast('Error', { description: message, variant: 'destructive' });
    },
  });

  const submit = handleSubmit(raw => {
    const values = withBlanks(raw);
    const problem = validatePasswordChange(values);
    if (problem) {
      setError(problem.field, { type: 'validate', message: problem.message });
      toast('Error', { description: problem.message, variant: 'destructive' });
      return;
    }
    change.mutate([{ currentPassword: values.currentPassword, newPassword: values.newPassword }]);
  });

  return (
    <>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        Change Password
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Update your password to keep your account secure
      </Typography>
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {FIELDS.map(field => (
          <PasswordInput
            key={field.name}
            source={field.name}
            label={field.label}
            autoComplete={field.autoComplete}
            helperText={false}
            // current password alone on the first row, new and confirm side by side below it
            sx={{ gridColumn: field.name === 'confirmPassword' ? undefined : { sm: '1 / 2' } }}
            slotProps={{ htmlInput: { 'data-testid': `profile-${field.testId}` }, formHelperText: { 'data-testid': `profile-${field.testId}-error` } as object }}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <PendingButton onClick={submit} data-testid="profile-password-submit" pending={change.isPending} label="Change Password" pendingLabel="Changing..." />
      </Box>
    </>
  );
}
