import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ValidationFailedException } from '../../common/errors/app-exception.js';
import { flattenValidationErrors } from '../../common/http/validation.pipe.js';

/**
 * Validates a provider's body the way the global pipe validates a DTO, for routes that must check
 * the signature over the raw body first (their handlers take the body untyped, so the pipe skips it).
 */
export async function validatePayload<T extends object>(cls: ClassConstructor<T>, body: unknown): Promise<T> {
  const instance = plainToInstance(cls, typeof body === 'object' && body !== null ? body : {});
  const errors = await validate(instance, { whitelist: true, stopAtFirstError: true });
  if (errors.length) throw new ValidationFailedException(flattenValidationErrors(errors));
  return instance;
}
