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
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const unsafe = findUnsafeText(value, metadata.data ?? '');
      if (unsafe.length) throw new ValidationFailedException(unsafe);
    }
    return super.transform(value, metadata);
  }
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
