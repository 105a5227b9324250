import type { INestApplication, Type } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';
import { IS_PUBLIC } from './public.decorator.js';
import { DEFAULT_ROLE, REQUIRED_ROLE, REQUIRED_ROLE_EXTENSION } from './roles.js';

/**
 * Gives every signed-in operation that declares no role the default one in the OpenAPI document
 * (`x-required-role: agent`): the session guard already lets any user of the organization use it,
 * so the document names a role for every operation that needs a session, and none for public ones.
 */
export function applyDefaultRoles(app: INestApplication): void {
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | undefined;
      if (!controller?.prototype) continue;
      const classPublic = Reflect.getMetadata(IS_PUBLIC, controller) === true;
      const classRole = Reflect.getMetadata(REQUIRED_ROLE, controller);
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        if (name === 'constructor') continue;
        const descriptor = Object.getOwnPropertyDescriptor(controller.prototype, name);
        const handler = descriptor?.value as object | undefined;
        if (!descriptor || typeof handler !== 'function' || !Reflect.hasMetadata(METHOD_METADATA, handler)) continue;
        if (classPublic || Reflect.getMetadata(IS_PUBLIC, handler) === true) continue;
        if (classRole || Reflect.getMetadata(REQUIRED_ROLE, handler)) continue;
        ApiExtension(REQUIRED_ROLE_EXTENSION, DEFAULT_ROLE)(controller.prototype, name, descriptor);
      }
    }
  }
}
