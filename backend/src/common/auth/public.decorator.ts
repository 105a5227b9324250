import { applyDecorators, SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
export const ALLOWS_PENDING_PASSWORD_CHANGE = 'allowsPendingPasswordChange';
export const REQUIRES_PENDING_PASSWORD_CHANGE = 'requiresPendingPasswordChange';

/** The 403 of a route only for users who still have to replace a temporary password. */
export const NO_PENDING_PASSWORD_CHANGE =
  'Only a temporary password can be replaced without the current one. Change your password from your profile, with your current password.';

/** The route needs no session (register, login, health, docs, provider webhooks). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The route stays usable while the user still has to replace a temporary password. */
export const AllowPendingPasswordChange = () => SetMetadata(ALLOWS_PENDING_PASSWORD_CHANGE, true);

/**
 * The route is only for a user who still has to replace a temporary password (the forced change,
 * which asks for no current password); anyone else gets a 403 before the body is even read.
 */
export const RequirePendingPasswordChange = () =>
  applyDecorators(AllowPendingPasswordChange(), SetMetadata(REQUIRES_PENDING_PASSWORD_CHANGE, true));
