import type { FieldError } from '../errors/app-exception.js';

/** U+0000: PostgreSQL text cannot hold it, and no field of ours means it. */
const NUL = /\u0000/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text is refused, or null when it is fine. */
export function unsafeTextProblem(text: string): string | null {
  if (NUL.test(text)) return 'must not contain NUL (\\u0000) characters';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it contains an unpaired UTF-16 surrogate)';
  return null;
}

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Every string in a request value (a body, a query object, a path parameter) that holds a NUL or
 * an unpaired surrogate, keys included, as `{ field, message }` with the field's dotted path
 * (`brands.2`, `filter.q`). Buffers and other non-plain objects (uploads) are not looked into.
 * The walk is iterative, so even a value nested past any limit cannot overflow the stack.
 */
export function findUnsafeText(value: unknown, root = ''): FieldError[] {
  const errors: FieldError[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = unsafeTextProblem(current);
      if (problem) errors.push({ field: path || 'body', message: `${path || 'The value'} ${problem}` });
      continue;
    }
    if (!isPlainContainer(current)) continue;
    const entries = Array.isArray(current) ? current.map((v, i) => [String(i), v] as const) : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      const childPath = path ? `${path}.${key}` : key;
      const keyProblem = unsafeTextProblem(key);
      if (keyProblem) {
        errors.push({ field: childPath, message: `The field name ${JSON.stringify(key)} ${keyProblem}` });
        continue;
      }
      stack.push({ value: child, path: childPath });
    }
  }
  return errors;
}
