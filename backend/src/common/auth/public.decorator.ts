import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
export const ALLOWS_PENDING_PASSWORD_CHANGE = 'allowsPendingPasswordChange';

/** The route needs no session (register, login, health, docs, provider webhooks). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The route stays usable while the user still has to replace a temporary password. */
export const AllowPendingPasswordChange = () => SetMetadata(ALLOWS_PENDING_PASSWORD_CHANGE, true);
