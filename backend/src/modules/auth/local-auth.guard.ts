import { EntityManager } from '@mikro-orm/postgresql';
import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { createValidationPipe } from '../../common/http/validation.pipe.js';
import { TENANT_FILTER } from '../../common/tenancy/tenant-filter.js';
import { LoginDto } from './dto/auth.dto.js';

/** Guards run before pipes: the login body is validated here, with the app's own pipe. */
const validation = createValidationPipe();

/**
 * Validates the credentials (LoginDto: strict types, no NUL), runs passport-local, then starts the
 * session (passport regenerates the session id at login).
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    req.body = await validation.transform(req.body ?? {}, { type: 'body', metatype: LoginDto, data: undefined });
    const allowed = (await super.canActivate(context)) as boolean;
    await super.logIn(req);
    // The global guard ran before anyone was signed in: scope the request to the new user now.
    this.em.setFilterParams(TENANT_FILTER, { organizationId: req.user!.organizationId });
    return allowed;
  }

  handleRequest<T>(error: unknown, user: T): T {
    if (error) throw error;
    if (!user) throw new UnauthorizedException('Invalid username or password');
    return user;
  }
}
