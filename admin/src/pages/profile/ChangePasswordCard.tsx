import { useState, type FormEvent } from 'react';
import { Box, Card, CardContent, TextField, Typography } from '@mui/material';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { validatePasswordChange, type PasswordChangeField, type PasswordChangeValues } from '../../lib/profileForm';
import { apiSend } from '../../providers/httpClient';

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS: { name: PasswordChangeField; label: string; autoComplete: string; testId: string }[] = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password', testId: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password', testId: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password', testId: 'confirm-password' },
];

/** Current, new and confirm password; other sessions of the user end on the server. */
export function ChangePasswordCard() {
  const toast = useToast();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [error, setError] = useState<{ field: PasswordChangeField; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  const set = (field: PasswordChangeField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues(current => ({ ...current, [field]: event.target.value }));
    if (error?.field === field) setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePasswordChange(values);
    setError(problem);
    if (problem) {
      toast('Error', { description: problem.message, variant: 'destructive' });
      return;
    }

    setPending(true);
    try {
      await apiSend('POST', '/api/user/change-password', {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      setValues(EMPTY);
      toast('Password changed', { description: 'Your password has been updated successfully.', variant: 'success' });
    } catch (failure) {
      const message = failureMessage(failure, 'Failed to change password');
      if (message === 'Current password is incorrect') setError({ field: 'currentPassword', message });
      toast('Error', { description: message, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <CardContent component="form" noValidate onSubmit={submit} data-testid="profile-password-form" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          Change Password
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Update your password to keep your account secure
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {FIELDS.map(field => (
            <TextField
              key={field.name}
              label={field.label}
              type="password"
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={set(field.name)}
              error={error?.field === field.name}
              helperText={error?.field === field.name ? error.message : undefined}
              // current password alone on the first row, new and confirm side by side below it
              sx={{ gridColumn: field.name === 'confirmPassword' ? undefined : { sm: '1 / 2' } }}
              slotProps={{
                htmlInput: { 'data-testid': `profile-${field.testId}` },
                formHelperText: { 'data-testid': `profile-${field.testId}-error` } as object,
              }}
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
          <PendingButton
            type="submit"
            data-testid="profile-password-submit"
            pending={pending}
            label="Change Password"
            pendingLabel="Changing..."
          />
        </Box>
      </CardContent>
    </Card>
  );
}
