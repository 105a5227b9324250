import { useState } from 'react';
import { Stack, Typography } from '@mui/material';
import { Form, PasswordInput, TextInput, useLogin } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { loginFailureMessage, validateCredentials, type CredentialsValues } from '../../lib/validators';
import type { User } from '../../providers/types';
import { ORGANIZATION_NAME_MAX } from '@warranty-crm/contract';

/**
 * The Login and Register tabs share this form; `id` tells them apart (test ids `<id>-username`,
 * `<id>-password`, `<id>-submit`). Both go through react-admin's useLogin (registration is a
 * login with `register: true`), which lands on /.
 */
export function CredentialsForm(props: {
  id: 'login' | 'register';
  heading: string;
  subtitle: string;
  passwordHint?: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const register = props.id === 'register';
  const login = useLogin();
  const toast = useToast();
  const [pending, setPending] = useState(false);

  const submit = async (values: CredentialsValues) => {
    setPending(true);
    try {
      const user: User = await login(
        {
          username: values.username.trim(),
          password: values.password,
          register,
          ...(register ? { organizationName: (values.organizationName ?? '').trim() } : {}),
        },
        '/',
      );
      if (register) toast('Registration successful', { description: `Welcome, ${user.username}!`, variant: 'success' });
      else toast('Login successful', { description: `Welcome back, ${user.username}!`, variant: 'success' });
    } catch (error) {
      setPending(false);
      const message = error instanceof Error ? error.message : '';
      if (register) toast('Registration failed', { description: message || 'Registration failed', variant: 'destructive' });
      else toast('Login failed', { description: loginFailureMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Form noValidate
      defaultValues={register ? { organizationName: '', username: '', password: '' } : { username: '', password: '' }}
      validate={(values: FieldValues) => validateCredentials(values as CredentialsValues, register)}
      onSubmit={(values: FieldValues) => submit(values as CredentialsValues)}
      disableInvalidFormNotification
    >
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {props.heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {props.subtitle}
      </Typography>
      <Stack spacing={2}>
        {register && (
          <TextInput
            source="organizationName"
            label="Organization name"
            autoComplete="organization"
            autoFocus
            isRequired
            resettable={false}
            helperText="Your customers see this name"
            slotProps={{ htmlInput: { 'data-testid': 'register-organization-name', maxLength: ORGANIZATION_NAME_MAX } }}
          />
        )}
        <TextInput
          source="username"
          label="Username"
          autoComplete="username"
          autoFocus={!register}
          isRequired
          resettable={false}
          helperText={false}
          slotProps={{ htmlInput: { 'data-testid': `${props.id}-username` } }}
        />
        <PasswordInput
          source="password"
          label="Password"
          autoComplete={register ? 'new-password' : 'current-password'}
          isRequired
          helperText={props.passwordHint ?? false}
          slotProps={{ htmlInput: { 'data-testid': `${props.id}-password` } }}
        />
        <PendingButton type="submit" size="large" data-testid={`${props.id}-submit`} pending={pending} label={props.submitLabel} pendingLabel={props.pendingLabel} />
      </Stack>
    </Form>
  );
}
