import { MIN_PASSWORD_LENGTH } from './password';

/** The personal information form of /profile. */
export interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
}

export const PROFILE_FIELDS: (keyof ProfileValues)[] = ['first_name', 'last_name', 'email', 'phone', 'address'];

type ProfileSource = { [K in keyof ProfileValues]?: string | null };

/** The form's values for a user: empty strings for missing fields. */
export function profileValues(user: ProfileSource | null | undefined): ProfileValues {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    address: user?.address ?? '',
  };
}

/** PATCH /api/user/profile body: every field, trimmed; an empty string clears it on the server. */
export function profilePayload(values: ProfileValues): ProfileValues {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    address: values.address.trim(),
  };
}

export function isProfileDirty(values: ProfileValues, saved: ProfileValues): boolean {
  return PROFILE_FIELDS.some(field => values[field] !== saved[field]);
}

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeField = keyof PasswordChangeValues;

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';

/** First failing rule of the profile's Change Password card, with the field it belongs to, or null. */
export function validatePasswordChange(values: PasswordChangeValues): { field: PasswordChangeField; message: string } | null {
  if (!values.currentPassword) return { field: 'currentPassword', message: CURRENT_PASSWORD_REQUIRED };
  if (values.newPassword !== values.confirmPassword) return { field: 'confirmPassword', message: PASSWORDS_DO_NOT_MATCH };
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) return { field: 'newPassword', message: PASSWORD_TOO_SHORT };
  return null;
}
