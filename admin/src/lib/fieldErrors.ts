/**
 * The per-field messages of a 400 validation answer
 * (`{ ..., errors: [{ field, message }] }`), first message per field; {} for any other failure.
 * Accepts the thrown HttpError (whose `body` is the parsed JSON) or the body itself.
 */
export function fieldErrorsFrom(failure: unknown): Record<string, string> {
  const body = failure && typeof failure === 'object' && 'body' in failure ? (failure as { body: unknown }).body : failure;
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  const result: Record<string, string> = {};
  if (!Array.isArray(errors)) return result;
  for (const entry of errors) {
    if (!entry || typeof entry !== 'object') continue;
    const { field, message } = entry as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && !(field in result)) result[field] = message;
  }
  return result;
}

/** The message of a thrown failure, or the fallback when it carries none. */
export function failureMessage(failure: unknown, fallback: string): string {
  if (failure instanceof Error && failure.message) return failure.message;
  if (typeof failure === 'string' && failure) return failure;
  return fallback;
}
