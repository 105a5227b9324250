import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiExtension, ApiForbiddenResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { DomainError } from '../errors/domain-error.js';
import { ErrorResponseDto } from '../http/error-response.dto.js';
import { ROLE_MESSAGES, type Role, roleAllows } from '@warranty-crm/contract';

export { ROLES, type Role, isRole, roleAllows } from '@warranty-crm/contract';

/** What a signed-in route needs when it declares nothing: any user of the organization. */
export const DEFAULT_ROLE: Role = 'agent';

export const REQUIRED_ROLE = 'requiredRole';
const ROLE_MESSAGE = 'requiredRoleMessage';
/** The OpenAPI extension naming each operation's role (written by @RequireRole, defaulted by setupOpenApi). */
export const REQUIRED_ROLE_EXTENSION = 'x-required-role';

export class RoleRequiredError extends DomainError {
  constructor(message: string) {
    super('auth.role_required', 'forbidden', message);
  }
}

/** Refuses a signed-in user below the route's role, before the body is validated or anything is read. */
@Injectable()
export class RoleGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    const required = this.reflector.getAllAndOverride<Role>(REQUIRED_ROLE, targets) ?? DEFAULT_ROLE;
    const actor = context.switchToHttp().getRequest<Request>().user;
    if (roleAllows(actor?.role, required)) return true;
    throw new RoleRequiredError(this.reflector.getAllAndOverride<string>(ROLE_MESSAGE, targets) ?? ROLE_MESSAGES[required]);
  }
}

/**
 * The one declaration of who may use an operation (or every operation of a controller): it enforces
 * the role (after the global session guard, so 401 comes first) and writes it into the OpenAPI
 * document as `x-required-role`. Undecorated signed-in routes are `agent` (see setupOpenApi).
 */
export const RequireRole = (role: Role, message: string = ROLE_MESSAGES[role]) =>
  applyDecorators(
    SetMetadata(REQUIRED_ROLE, role),
    SetMetadata(ROLE_MESSAGE, message),
    UseGuards(RoleGuard),
    ApiExtension(REQUIRED_ROLE_EXTENSION, role),
    ApiForbiddenResponse({ type: ErrorResponseDto, description: message }),
  );
