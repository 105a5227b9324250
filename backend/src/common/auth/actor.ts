import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Who is asking: what the session resolves to on every request. */
export interface Actor {
  id: string;
  username: string;
  organizationId: string;
  isAccountOwner: boolean;
  /** owner, admin or agent (common/auth/roles.ts): what the user may do in the organization. */
  role: string;
  mustChangePassword: boolean;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends Actor {}
  }
}

/** The signed-in user of the request (the global guard guarantees one on non-public routes). */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  return ctx.switchToHttp().getRequest<Request>().user as Actor;
});
