import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { failureMessage, fieldErrorsFrom } from '../../lib/fieldErrors';
import { profilePayload, profileValues, type ProfileValues } from '../../lib/profileForm';
import { apiSend } from '../../providers/httpClient';
import { USER_QUERY_KEY } from '../../providers/session';
import type { User } from '../../providers/types';

const FIELDS: { name: keyof ProfileValues; label: string; type?: string; autoComplete: string; half?: boolean; placeholder?: string }[] = [
  { name: 'first_name', label: 'First Name', autoComplete: 'given-name', half: true },
  { name: 'last_name', label: 'Last Name', autoComplete: 'family-name', half: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', placeholder: '+15551234567' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
];

/** First name, last name, email, phone, address; Save Changes, or Cancel back to the saved values. */
export function PersonalInformationCard({ user }: { user: User }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileValues>(() => profileValues(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const set = (field: keyof ProfileValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues(current => ({ ...current, [field]: event.target.value }));
    setErrors(current => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  };

  const cancel = () => {
    setValues(profileValues(user));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const updated = await apiSend<User>('PATCH', '/api/user/profile', profilePayload(values));
      // the shell (initials, name) reads the same cached user
      queryClient.setQueryData<User | null>(USER_QUERY_KEY, current => ({ ...(current ?? {}), ...updated }) as User);
      setValues(profileValues(updated));
      setErrors({});
      toast('Profile updated', { description: 'Your profile has been updated successfully.', variant: 'success' });
    } catch (failure) {
      setErrors(fieldErrorsFrom(failure));
      toast('Failed to update profile', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <CardContent component="form" noValidate onSubmit={submit} data-testid="profile-form" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          Personal Information
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Update your personal details
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {FIELDS.map(field => (
            <TextField
              key={field.name}
              label={field.label}
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              value={values[field.name]}
              onChange={set(field.name)}
              error={Boolean(errors[field.name])}
              helperText={errors[field.name]}
              sx={{ gridColumn: field.half ? undefined : '1 / -1' }}
              slotProps={{
                htmlInput: { 'data-testid': `profile-${field.name.replace('_', '-')}` },
                formHelperText: { 'data-testid': `profile-${field.name.replace('_', '-')}-error` } as object,
              }}
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <Button color="inherit" onClick={cancel} disabled={pending} data-testid="profile-cancel">
            Cancel
          </Button>
          <PendingButton
            type="submit"
            data-testid="profile-save"
            pending={pending}
            label="Save Changes"
            pendingLabel="Saving..."
          />
        </Box>
      </CardContent>
    </Card>
  );
}
