import { ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldError, ValidationFailedException } from '../errors/app-exception.js';

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
 * The global pipe: transforms payloads to DTOs, strips unknown fields, answers the spec's 400 body.
 * Only the first failing rule of a field is reported, and class-validator runs a property's
 * decorators bottom-up: write the basic "required" rule nearest the property, refinements above.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new ValidationFailedException(flattenValidationErrors(errors)),
  });
}
