/**
 * Every form's rules with the spec's messages, in one module shared with its unit tests. Each
 * validator takes the form's values and answers { field: message } (react-admin's form-level
 * `validate`) or the first failing rule, as the form shows it.
 */
import {
  calendarDate,
  ISSUE_DESCRIPTION_MIN,
  isPurchaseDateInWindow as isInWindow,
  MIN_PASSWORD_LENGTH,
  ORGANIZATION_NAME_MAX,
  ORGANIZATION_NAME_REQUIRED,
  ORGANIZATION_NAME_TOO_LONG,
  TICKET_MESSAGES as MESSAGES,
  JACK_MODELS,
  oneOfMessage,
  unaskedPayloadFields,
} from '@warranty-crm/contract';
import type { TicketFormErrors, TicketFormValues } from './ticketForm';

export { MIN_PASSWORD_LENGTH };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

/* ---- sign-in and registration (spec part 1 section 5) ---- */

export const USERNAME_REQUIRED_SIGN_IN = 'Username is required';
export const PASSWORD_REQUIRED = 'Password is required';
export const REGISTER_PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;

export interface CredentialsValues {
  username: string;
  password: string;
  /** Registration only: the new organization's name (issue 34). */
  organizationName?: string;
}

/** Login: both required. Registration: the password has at least 6 characters too, and the organization's name is required. */
export function validateCredentials(values: CredentialsValues, register = false): Partial<CredentialsValues> {
  const errors: Partial<CredentialsValues> = {};
  if (blank(values.username)) errors.username = USERNAME_REQUIRED_SIGN_IN;
  if (!values.password) errors.password = PASSWORD_REQUIRED;
  else if (register && values.password.length < MIN_PASSWORD_LENGTH) errors.password = REGISTER_PASSWORD_TOO_SHORT;
  if (register) {
    if (blank(values.organizationName)) errors.organizationName = ORGANIZATION_NAME_REQUIRED;
    else if ((values.organizationName ?? '').trim().length > ORGANIZATION_NAME_MAX) errors.organizationName = ORGANIZATION_NAME_TOO_LONG;
  }
  return errors;
}

/* ---- forced password change ---- */

/** First failing rule of the forced password change form, or null when valid. */
export function validateNewPassword(password: string, confirmation: string): string | null {
  if (!password) return 'Please enter a new password.';
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters long.';
  if (password !== confirmation) return 'Please make sure your passwords match.';
  return null;
}

/* ---- the profile's Change Password card ---- */

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

/* ---- Invite User ---- */

export interface InviteValues {
  username: string;
  email: string;
}

export type InviteErrors = Partial<Record<keyof InviteValues, string>>;

export const USERNAME_REQUIRED = 'Username is required.';
export const EMAIL_INVALID = 'Must be a valid email';

/** Invite form rules: username required, e-mail optional but well formed when given. */
export function validateInvite(values: InviteValues): InviteErrors {
  const errors: InviteErrors = {};
  if (blank(values.username)) errors.username = USERNAME_REQUIRED;
  const email = (values.email ?? '').trim();
  if (email && !EMAIL.test(email)) errors.email = EMAIL_INVALID;
  return errors;
}

/* ---- Notification Preferences' contact methods (the server's rules and messages) ---- */

export const E164_INVALID = 'Please use E.164 format (e.g., +15551234567)';
const E164 = /^\+[1-9]\d{1,14}$/;

export interface ContactMethodsValues {
  notification_email: string;
  notification_phone: string;
}

/** Both optional (empty clears it); an e-mail well formed, a phone in E.164. */
export function validateContactMethods(values: ContactMethodsValues): Partial<ContactMethodsValues> {
  const errors: Partial<ContactMethodsValues> = {};
  const email = (values.notification_email ?? '').trim();
  const phone = (values.notification_phone ?? '').trim();
  if (email && !EMAIL.test(email)) errors.notification_email = EMAIL_INVALID;
  if (phone && !E164.test(phone)) errors.notification_phone = E164_INVALID;
  return errors;
}

/* ---- Create New Ticket (spec part 1 section 5; the messages are the server's own) ---- */

/** A real YYYY-MM-DD date, not after today and not more than 5 years ago (the user's calendar days). */
export function isPurchaseDateInWindow(value: string, now: Date = new Date()): boolean {
  return isInWindow(value, calendarDate(now));
}

/** Every failing rule of section 5, one message per field, in form order. */
export function validateTicketForm(values: TicketFormValues, now: Date = new Date(), questions?: readonly string[] | null): TicketFormErrors {
  const errors: TicketFormErrors = {};
  if (blank(values.customerName)) errors.customerName = MESSAGES.customerName;
  if (!isValidEmail(values.customerEmail ?? '')) errors.customerEmail = MESSAGES.customerEmail;
  if (blank(values.orderNumber)) errors.orderNumber = MESSAGES.orderNumber;
  if (blank(values.purchaseDate)) errors.purchaseDate = MESSAGES.purchaseDateRequired;
  else if (!isPurchaseDateInWindow(values.purchaseDate.trim(), now)) errors.purchaseDate = MESSAGES.purchaseDateWindow;
  if (blank(values.purchaseLocation)) errors.purchaseLocation = MESSAGES.purchaseLocation;
  if (blank(values.productSku)) errors.productSku = MESSAGES.productSku;
  if (blank(values.jackModel)) errors.jackModel = MESSAGES.jackModel;
  else if (!(JACK_MODELS as readonly string[]).includes(values.jackModel.trim())) errors.jackModel = oneOfMessage('Jack model', JACK_MODELS);
  if (blank(values.issueCategory)) errors.issueCategory = MESSAGES.issueCategory;
  if ((values.issueDescription ?? '').trim().length < ISSUE_DESCRIPTION_MIN) errors.issueDescription = MESSAGES.issueDescription;
  if (blank(values.issueStartTime)) errors.issueStartTime = MESSAGES.issueStartTime;
  if (values.troubleshootingAttempted === 'Yes' && blank(values.troubleshootingSteps)) {
    errors.troubleshootingSteps = MESSAGES.troubleshootingSteps;
  }
  if (blank(values.preferredResolution)) errors.preferredResolution = MESSAGES.preferredResolution;
  // A question the organization does not ask is not required.
  for (const field of unaskedPayloadFields(questions)) delete errors[field as keyof TicketFormErrors];
  return errors;
}

/** react-admin inputs hold an emptied field as null; the rules and payloads above read ''. */
export function withBlanks<T extends object>(values: T): { [K in keyof T]: NonNullable<T[K]> | string } {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value ?? ''])) as never;
}

export const INVALID_CREDENTIALS = 'Invalid username or password';

/**
 * What a refused sign-in shows: "Invalid username or password" for a 401, and otherwise what actually
 * went wrong, in the server's words: the lock after repeated failures ("Too many failed sign-in
 * attempts. Try again in 15 minutes.", which holds even for the right password), a server error, no
 * connection.
 */
export function loginFailureMessage(failure: unknown): string {
  const status = failure && typeof failure === 'object' ? (failure as { status?: unknown }).status : undefined;
  const message = failure instanceof Error ? failure.message : '';
  if (status === 401 || !message) return INVALID_CREDENTIALS;
  return message;
}
