/**
 * The deepest JSON nesting a request body may have. Every payload of the API is a flat object or
 * holds lists of values, a few levels at most; 32 leaves room for any future payload while keeping
 * class-transformer and class-validator (both recursive) far from the call-stack limit.
 */
export const MAX_BODY_DEPTH = 32;

export const BODY_TOO_DEEP_MESSAGE = 'Request body is nested too deeply';

/** Thrown from body-parser's `verify` hook; body-parser keeps its status and type. */
export class BodyTooDeepError extends Error {
  readonly status = 400;
  readonly statusCode = 400;
  readonly type = 'entity.too.deep';
  readonly expose = true;

  constructor() {
    super(BODY_TOO_DEEP_MESSAGE);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether JSON text nests arrays/objects deeper than `max`, found by one pass over the raw bytes
 * (brackets inside strings do not count). Works on UTF-8 as is: quotes, backslashes and brackets
 * are ASCII and never occur inside a multi-byte sequence. Malformed JSON is left to the parser.
 */
export function jsonNestsDeeperThan(text: Uint8Array | string, max: number): boolean {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPEN.has(byte)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(byte)) {
      depth--;
    }
  }
  return false;
}

/**
 * `express.json({ verify })`: refuses a body nested deeper than `max` before it is parsed, so no
 * route ever receives one (class-transformer would overflow the stack on it: a 500).
 */
export function rejectDeepJson(max: number = MAX_BODY_DEPTH) {
  return (_req: unknown, _res: unknown, buffer: Buffer, encoding: string): void => {
    if (jsonNestsDeeperThan(decoded(buffer, encoding), max)) throw new BodyTooDeepError();
  };
}

/** The body as text the scan can read: UTF-8 bytes as they are, other UTF charsets decoded. */
function decoded(buffer: Buffer, encoding: string): Uint8Array | string {
  if (/^utf-?8$/i.test(encoding)) return buffer;
  try {
    return new TextDecoder(encoding).decode(buffer);
  } catch {
    return buffer; // a charset TextDecoder lacks (UTF-32): its ASCII brackets are still single bytes
  }
}
