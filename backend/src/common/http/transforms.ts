import type { TransformFnParams } from 'class-transformer';

/** `@Transform(trim)`: strings lose surrounding whitespace; other values pass unchanged. */
export const trim = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);

/**
 * `@Transform(trimOrNull)`: trims strings and turns a blank one into null, so an empty form field
 * clears the stored value (and `@IsOptional()` skips the format rules for it).
 */
export const trimOrNull = ({ value }: TransformFnParams): unknown => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** E.164: a plus sign, a first digit 1-9, then 1 to 14 more digits (spec part 2 section 5). */
export const E164 = /^\+[1-9]\d{1,14}$/;
export const E164_MESSAGE = 'Please use E.164 format (e.g., +15551234567)';
