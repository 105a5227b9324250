import { EntityManager } from '@mikro-orm/postgresql';
import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { ValidationFailedException } from '../../common/errors/app-exception.js';
import { TENANT_FILTER } from '../../common/tenancy/tenant-filter.js';

/** Runs passport-local, then starts the session (passport regenerates the session id at login). */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const allowed = (await super.canActivate(context)) as boolean;
    const req = context.switchToHttp().getRequest<Request>();
    await super.logIn(req);
    // The global guard ran before anyone was signed in: scope the request to the new user now.
    this.em.setFilterParams(TENANT_FILTER, { organizationId: req.user!.organizationId });
    return allowed;
  }

  handleRequest<T>(error: unknown, user: T, _info: unknown, context: ExecutionContext): T {
    if (error) throw error;
    if (!user) {
      const body = (context.switchToHttp().getRequest<Request>().body ?? {}) as Record<string, unknown>;
      const missing = [
        ...(isBlank(body.username) ? [{ field: 'username', message: 'Username is required' }] : []),
        ...(isBlank(body.password) ? [{ field: 'password', message: 'Password is required' }] : []),
      ];
      if (missing.length) throw new ValidationFailedException(missing);
      throw new UnauthorizedException('Invalid username or password');
    }
    return user;
  }
}

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}
