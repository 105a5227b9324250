import { EntityManager } from '@mikro-orm/postgresql';
import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { TENANT_FILTER } from '../tenancy/tenant-filter.js';
import { ALLOWS_PENDING_PASSWORD_CHANGE, IS_PUBLIC, NO_PENDING_PASSWORD_CHANGE, REQUIRES_PENDING_PASSWORD_CHANGE } from './public.decorator.js';

/**
 * Global guard: every route needs a session unless marked @Public(). For a signed-in request it
 * scopes the request's EntityManager to the user's organization (ARCHITECTURE rule 1). A user with
 * a pending password change reaches only the routes that allow it; the forced-change route itself
 * is only for such a user.
 */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly em: EntityManager,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const actor = req.user;
    if (!actor) throw new UnauthorizedException('Not signed in');
    if (actor.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(ALLOWS_PENDING_PASSWORD_CHANGE, targets)) {
      throw new ForbiddenException('You must change your password before continuing.');
    }
    if (!actor.mustChangePassword && this.reflector.getAllAndOverride<boolean>(REQUIRES_PENDING_PASSWORD_CHANGE, targets)) {
      throw new ForbiddenException(NO_PENDING_PASSWORD_CHANGE);
    }
    this.em.setFilterParams(TENANT_FILTER, { organizationId: actor.organizationId });
    return true;
  }
}
