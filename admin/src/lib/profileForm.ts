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

