/**
 * Redaction of what a log line must never carry (issue 35): customers' e-mail addresses and phone
 * numbers (also URL-encoded, as a webhook's form or a query string has them), and secrets (passwords,
 * tokens, API keys, session cookies, Basic/Bearer credentials). Names cannot be recognised in free
 * text: the loggers never write payloads, so a name only reaches a log through a message we write,
 * and those name ids. This is the safety net every line passes through (RedactingLogger, the job
 * worker's and MikroORM's loggers), not a licence to log personal data.
 */

export const EMAIL_MASK = '[email]';
export const PHONE_MASK = '[phone]';
export const SECRET_MASK = '[redacted]';

/** An address, with `@` plain or URL-encoded (`%40`). The local part may carry `+tags` and `%2B`. */
const EMAIL = /[A-Za-z0-9._%+'-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/**
 * Phone numbers: E.164 (`+15550009876`, `%2B15550009876`, `+1 555 000 9876`) and the North-American
 * national forms (`(555) 000-9876`, `555-000-9876`, `555.000.9876`). Bare digit runs are left alone:
 * they are ids, counts and durations far more often than numbers.
 */
const PHONE = new RegExp(
  [
    String.raw`(?:\+|%2B)\d(?:[\s.()-]|%20)*(?:\d(?:[\s.()-]|%20)*){5,14}\d`,
    String.raw`(?<![\w-])\(\d{3}\)(?:\s|%20)?\d{3}[-.\s]\d{4}(?![\w-])`,
    String.raw`(?<![\w.-])\d{3}[-.]\d{3}[-.]\d{4}(?![\w.-])`,
  ].join('|'),
  'gi',
);

/** `key=value`, `key: value` and `"key":"value"` pairs whose key names a secret or a credential. */
const SECRET_PAIR =
  /(["']?[A-Za-z_.-]*(?:password|passwd|secret|token|api[_-]?key|apikey|authorization|cookie|signature|\.sid)[A-Za-z_-]*["']?\s*[:=]\s*["']?)([^"'\s&;,}]+)/gi;

/** Credentials in an Authorization header written out. */
const AUTH_SCHEME = /\b(Basic|Bearer)\s+[A-Za-z0-9._~+/=-]{6,}/g;

/**
 * A stored file's key keeps the uploaded file's name (`uploads/<organization>/<uuid>-<name>`), and a
 * customer's photo or receipt is often named after them: a log names the object by its ids only
 * (storage's safeFileName leaves letters, digits, dots, dashes and underscores).
 */
const OBJECT_FILE_NAME = /(uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-)?)[A-Za-z0-9._-]+/gi;

/** Keys of an object whose values are a secret: replaced whatever their value. */
const SECRET_KEY = /pass(word)?|passwd|secret|token|api[_-]?key|authorization|cookie|signature|credential/i;

/**
 * Keys of an object whose values are a person's: the Twilio/Retell/e-mail fields (From, To, Caller,
 * TranscriptionText, transcript ...), the customer's fields, and message bodies.
 */
const PERSONAL_KEY =
  /^(from|to|caller|called|callername|caller_name|from_number|to_number|from_phone|to_phone|phone|phone_number|email|e_mail|customer_?(name|email|phone|address)|first_?name|last_?name|name|address|body|text|html|subject|transcript|transcription|transcriptiontext|transcript_object|recipient|recipients|envelope)$/i;

/** Masks e-mail addresses, phone numbers and secrets in a line of text. */
export function redactText(text: string): string {
  return text
    .replace(AUTH_SCHEME, (_m, scheme: string) => `${scheme} ${SECRET_MASK}`)
    .replace(SECRET_PAIR, (_m, key: string) => `${key}${SECRET_MASK}`)
    .replace(OBJECT_FILE_NAME, (_m, ids: string) => `${ids}[file]`)
    .replace(EMAIL, EMAIL_MASK)
    .replace(PHONE, PHONE_MASK);
}

/**
 * A copy of a value fit for a log: strings redacted, secrets and personal fields of objects masked,
 * errors reduced to their class, code and redacted message. Depth and size are bounded.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return redactError(value);
  if (depth >= 4) return '[object]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_KEY.test(key)) out[key] = SECRET_MASK;
    else if (PERSONAL_KEY.test(key) && item !== null && item !== undefined && item !== '') out[key] = '[personal]';
    else out[key] = redactValue(item, depth + 1);
  }
  return out;
}

/** An error as a log may show it: `Class [code]: message`, the message redacted. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return redactText(String(error));
  const code = (error as { code?: unknown }).code;
  const codeText = typeof code === 'string' || typeof code === 'number' ? ` [${code}]` : '';
  return `${error.name}${codeText}: ${redactText(error.message)}`;
}

/** The stack's frames only (`at ...` lines), without the message line that may quote data. */
export function stackFrames(error: unknown): string | undefined {
  const stack = (error as Error | undefined)?.stack;
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => line.trim().startsWith('at '));
  return frames.length ? redactText(frames.join('\n')) : undefined;
}

function redactError(error: Error): string {
  const frames = stackFrames(error);
  return frames ? `${describeError(error)}\n${frames}` : describeError(error);
}
