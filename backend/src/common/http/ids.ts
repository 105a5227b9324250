import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';
import { isUUID } from 'class-validator';

/** Whether the value is a UUID (every id of ours is one). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && isUUID(value);
}

/**
 * A route's `:id` pipe: a malformed id names no row of the user's organization, so it answers the
 * same 404 as another organization's id instead of a 400 or a database error. Given the module's
 * not-found domain error, the body is exactly the service's for an unknown id (`code` included).
 */
export function uuidOr404(notFound: string | (() => Error)): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: typeof notFound === 'string' ? () => new NotFoundException(notFound) : notFound });
}

/** A LIKE/ILIKE pattern matching the text anywhere, with its own wildcards escaped ("50%" finds "50%"). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
