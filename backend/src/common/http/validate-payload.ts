import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ValidationFailedException } from '../errors/app-exception.js';
import { flattenValidationErrors } from './validation.pipe.js';

/**
 * Validates a body the way the global pipe validates a DTO, for handlers that take it untyped: a
 * provider's body whose signature is checked over the raw bytes first, or a ticket payload whose
 * rules depend on the organization's settings. `ignore` names top-level fields that are not asked:
 * their rules do not apply and a value sent for them is dropped.
 */
export async function validatePayload<T extends object>(cls: ClassConstructor<T>, body: unknown, ignore: readonly string[] = []): Promise<T> {
  const instance = plainToInstance(cls, typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {});
  const errors = (await validate(instance, { whitelist: true, stopAtFirstError: true })).filter((e) => !ignore.includes(e.property));
  if (errors.length) throw new ValidationFailedException(flattenValidationErrors(errors));
  for (const field of ignore) delete (instance as Record<string, unknown>)[field];
  return instance;
}
