import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { ValidationFailedException } from '../../common/errors/app-exception.js';

/** Runs passport-local, then starts the session (passport regenerates the session id at login). */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const allowed = (await super.canActivate(context)) as boolean;
    await super.logIn(context.switchToHttp().getRequest());
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
