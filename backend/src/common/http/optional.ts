import { ValidateIf, type ValidationOptions } from 'class-validator';

/**
 * THE RULE for optional fields (README, API): a field may be left out; `null` is a value like any
 * other and must pass the field's rules, so on a field that is not nullable it is a 400 with that
 * field's own message. Use this instead of class-validator's `@IsOptional()`, which lets null
 * through unchecked (to a service that does not expect it). Keep `@IsOptional()` only on fields
 * documented `nullable: true`, where null means "clear" or "none".
 */
export function OptionalField(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined, options);
}
