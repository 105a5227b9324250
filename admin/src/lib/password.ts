import { MIN_PASSWORD_LENGTH } from '@warranty-crm/contract';

export { MIN_PASSWORD_LENGTH };

/** First failing rule of the forced password change form, or null when valid. */
export function validateNewPassword(password: string, confirmation: string): string | null {
  if (!password) return 'Please enter a new password.';
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters long.';
  if (password !== confirmation) return 'Please make sure your passwords match.';
  return null;
}
