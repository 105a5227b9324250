import { applyDecorators, CanActivate, ExecutionContext, ForbiddenException, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';

const OWNER_ONLY_MESSAGE = 'ownerOnlyMessage';

/** Refuses non-owners with the route's message before the body is validated or anything is read. */
@Injectable()
export class AccountOwnerGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const actor = context.switchToHttp().getRequest<Request>().user;
    if (actor?.isAccountOwner) return true;
    const message = this.reflector.getAllAndOverride<string>(OWNER_ONLY_MESSAGE, [context.getHandler(), context.getClass()]);
    throw new ForbiddenException(message ?? 'Only account owners can do this');
  }
}

/** The route is for account owners only (runs after the global session guard: 401 comes first). */
export const OwnerOnly = (message: string) => applyDecorators(SetMetadata(OWNER_ONLY_MESSAGE, message), UseGuards(AccountOwnerGuard));
