import { type ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldError, ValidationFailedException } from '../errors/app-exception.js';
import { findUnsafeText } from './unsafe-text.js';

/** Flattens nested class-validator errors into `{ field, message }`, first failing rule per field. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length) out.push({ field, message: messages[0] });
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, field));
  }
  return out;
}

/**
 * The global pipe. Before any DTO rule runs, every string of a body, query or path parameter is
 * checked for NUL characters and unpaired UTF-16 surrogates (PostgreSQL cannot store the first;
 * the second breaks validators and encoders): either is a 400 naming the field, for every route,
 * whether or not it has a DTO.
 */
export class AppValidationPipe extends ValidationPipe {
  /** Valid query objects per DTO class, by their parameters' JSON (queryOf). */
  private readonly queries = new WeakMap<object, Map<string, object>>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'query' && isDtoClass(metadata.metatype) && typeof value === 'object' && value !== null) return this.queryOf(value, metadata);
    if (metadata.type !== 'custom') {
      const unsafe = findUnsafeText(value, metadata.data ?? '');
      if (unsafe.length) throw new ValidationFailedException(unsafe);
    }
    return super.transform(value, metadata);
  }

  /**
   * A query's DTO, made and validated once for the same parameters (a screen that polls, or pages
   * through a list, asks with the same ones again; making the DTO and running its rules took 6 % of
   * a process serving cached list pages, against 3 % for the page itself): each request gets its
   * own copy. Only valid queries are kept, at most QUERY_MEMO_SIZE per DTO class, the oldest going
   * first.
   */
  private async queryOf(value: object, metadata: ArgumentMetadata): Promise<unknown> {
    const metatype = metadata.metatype!;
    let held = this.queries.get(metatype);
    if (!held) this.queries.set(metatype, (held = new Map()));
    const key = JSON.stringify(value);
    const dto = held.get(key) ?? (await this.firstQuery(value, metadata));
    if (typeof dto !== 'object' || dto === null) return dto;
    if (!held.has(key)) {
      // Shared by the copies: a handler that changed what it holds would change the next request's.
      held.set(key, deepFreeze(dto));
      if (held.size > QUERY_MEMO_SIZE) held.delete(held.keys().next().value as string);
    }
    return Object.assign(Object.create(Object.getPrototypeOf(dto) as object | null) as object, dto);
  }

  private async firstQuery(value: object, metadata: ArgumentMetadata): Promise<unknown> {
    const unsafe = findUnsafeText(value, metadata.data ?? '');
    if (unsafe.length) throw new ValidationFailedException(unsafe);
    return super.transform(value, metadata);
  }
}

/** A class of ours that the pipe validates (not an interface's Object, nor a built-in type). */
function isDtoClass(metatype: ArgumentMetadata['metatype']): boolean {
  return !!metatype && !([String, Boolean, Number, Array, Object] as unknown[]).includes(metatype);
}

/** Valid queries kept per DTO class (AppValidationPipe.queryOf). */
const QUERY_MEMO_SIZE = 500;

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null && !Object.isFrozen(inner)) deepFreeze(inner as object);
  return Object.freeze(value);
}

/**
 * Transforms payloads to DTOs, strips unknown fields, answers the spec's 400 body.
 * Only the first failing rule of a field is reported, and class-validator runs a property's
 * decorators bottom-up: write the basic "required" rule nearest the property, refinements above.
 */
export function createValidationPipe(): AppValidationPipe {
  return new AppValidationPipe({
    transform: true,
    whitelist: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new ValidationFailedException(flattenValidationErrors(errors)),
  });
}
