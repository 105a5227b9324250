import { Box, Card, CardContent, Typography } from '@mui/material';
import { Form, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { FormCancelButton } from '../../components/FormCancelButton';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { failureMessage, fieldErrorsFrom } from '../../lib/fieldErrors';
import { profilePayload, profileValues, type ProfileValues } from '../../lib/profileForm';
import { withBlanks } from '../../lib/validators';
import type { User } from '../../providers/types';
import { useCurrentUser } from '../../providers/useAccount';
import { useCrmMutation } from '../../providers/useCrm';

const FIELDS: { name: keyof ProfileValues; label: string; type?: string; autoComplete: string; half?: boolean; placeholder?: string }[] = [
  { name: 'first_name', label: 'First Name', autoComplete: 'given-name', half: true },
  { name: 'last_name', label: 'Last Name', autoComplete: 'family-name', half: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', placeholder: '+15551234567' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
];

/**
 * First name, last name, email, phone, address; Save Changes, or Cancel back to the saved values.
 * The server's field messages land on their fields; the shell reads the refetched identity.
 */
export function PersonalInformationCard({ user }: { user: User }) {
  const toast = useToast();
  const { refetch: reloadUser } = useCurrentUser();
  const save = useCrmMutation('user', 'updateProfile');

  const submit = async (values: ProfileValues) => {
    try {
      await save.mutateAsync([profilePayload(withBlanks(values))]);
      await reloadUser();
      toast('Profile updated', { description: 'Your profile has been updated successfully.', variant: 'success' });
    } catch (failure) {
      toast('Failed to update profile', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' });
      return fieldErrorsFrom(failure);
    }
  };

  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Form noValidate record={profileValues(user)} onSubmit={(values: FieldValues) => submit(values as ProfileValues)} disableInvalidFormNotification>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            Personal Information
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            Update your personal details
          </Typography>
          <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {FIELDS.map(field => {
              const testId = `profile-${field.name.replace('_', '-')}`;
              return (
                <TextInput
                  key={field.name}
                  source={field.name}
                  label={field.label}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  placeholder={field.placeholder}
                  resettable={false}
                  helperText={false}
                  sx={{ gridColumn: field.half ? undefined : '1 / -1' }}
                  slotProps={{ htmlInput: { 'data-testid': testId }, formHelperText: { 'data-testid': `${testId}-error` } as object }}
                />
              );
            })}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
            <FormCancelButton disabled={save.isPending} data-testid="profile-cancel" />
            <PendingButton type="submit" data-testid="profile-save" pending={save.isPending} label="Save Changes" pendingLabel="Saving..." />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
