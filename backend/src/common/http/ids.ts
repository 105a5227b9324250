import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';
import { isUUID } from 'class-validator';

/** Whether the value is a UUID (every id of ours is one). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && isUUID(value);
}

/**
 * A route's `:id` pipe: a malformed id names no row of the user's organization, so it answers the
 * same 404 as another organization's id instead of a 400 or a database error.
 */
export function uuidOr404(message: string): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(message) });
}

/** A LIKE/ILIKE pattern matching the text anywhere, with its own wildcards escaped ("50%" finds "50%"). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
