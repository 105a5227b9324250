/**
 * Roles (issue 28): the account owner, admins and agents. The API enforces them (one decorator per
 * operation, `x-required-role` in the OpenAPI document); the admin hides or disables what a role may
 * not do with the same rule and the same words.
 */
export const ROLES = ['owner', 'admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];

/** The roles the owner can give in Users (the account owner's own role is fixed). */
export const ASSIGNABLE_ROLES = ['admin', 'agent'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', agent: 'Agent' };

const RANK: Record<Role, number> = { owner: 3, admin: 2, agent: 1 };

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether a user of `role` may do what `required` allows; an unknown role may do nothing. */
export function roleAllows(role: string | null | undefined, required: Role): boolean {
  return isRole(role) && RANK[role] >= RANK[required];
}

export const ROLE_MESSAGES = {
  owner: 'Only the account owner can do this',
  admin: 'Only the account owner and admins can do this',
  agent: 'Not allowed',
  settings: 'Only the account owner and admins can change settings',
  phoneNumbers: 'Only the account owner and admins can manage phone numbers',
  auditLog: 'Only the account owner and admins can read the audit log',
  ownerNotDemoted: 'The account owner cannot be demoted',
  assignable: 'role must be admin or agent',
  /** The line a read-only Settings section shows an agent. */
  settingsReadOnly: 'Only the account owner and admins can change these settings. Ask them if something here needs to change.',
  /** The same for the owner-only Twilio account and A2P registration. */
  ownerOnlySection: 'Only the account owner can connect the Twilio account and manage the A2P registration.',
} as const;

/**
 * What the audit log records (issue 28), with the admin's labels. `export` has no producer yet:
 * the kind is ready for the first export the product gets.
 */
export const AUDIT_KINDS = [
  'settings_changed',
  'role_changed',
  'user_invited',
  'user_removed',
  'number_bought',
  'number_released',
  'export',
  'sign_in_new_device',
  'customers_merged',
  'customer_erased',
  'retention_applied',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  settings_changed: 'Settings changed',
  role_changed: 'Role changed',
  user_invited: 'User invited',
  user_removed: 'User removed',
  number_bought: 'Number bought',
  number_released: 'Number released',
  export: 'Export',
  sign_in_new_device: 'Sign-in from a new device',
  customers_merged: 'Customers merged',
  customer_erased: 'Customer erased',
  retention_applied: 'Retention applied',
};
