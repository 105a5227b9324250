import { BadRequestException } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import type { Response } from 'express';
import { ValidationFailedException } from '../errors/app-exception.js';
import { jsonNestsDeeperThan, MAX_BODY_DEPTH } from './body-depth.js';
import { OptionalField } from './optional.js';
import { findUnsafeText } from './unsafe-text.js';

/**
 * react-admin's simple REST list parameters (ARCHITECTURE rule 4), as JSON strings:
 * `filter={"status":"Open"}`, `range=[0,24]` (inclusive), `sort=["created_at","DESC"]`.
 */
export class ListQueryDto {
  @ApiPropertyOptional({ description: 'JSON object of field filters', example: '{"status":"Open"}' })
  @OptionalField()
  @IsString()
  filter?: string;

  @ApiPropertyOptional({ description: 'JSON [start, end], inclusive', example: '[0,24]' })
  @OptionalField()
  @IsString()
  range?: string;

  @ApiPropertyOptional({ description: 'JSON [field, "ASC" | "DESC"]', example: '["created_at","DESC"]' })
  @OptionalField()
  @IsString()
  sort?: string;
}

export interface ListQuery<F extends string = string> {
  filter: Record<string, unknown>;
  offset: number;
  limit: number;
  sort: { field: F; order: 'ASC' | 'DESC' };
}

export interface ListQueryOptions<F extends string> {
  /** Fields a client may sort by (wire names). */
  sortable: readonly F[];
  defaultSort: { field: F; order: 'ASC' | 'DESC' };
  defaultLimit?: number;
  maxLimit?: number;
}

/**
 * One JSON query parameter. Its decoded strings get the same NUL/surrogate check as every other
 * input (`\u0000` inside the JSON only becomes a NUL here), and the same nesting limit as a body.
 */
function parseJson(name: string, raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (jsonNestsDeeperThan(raw, MAX_BODY_DEPTH)) throw new BadRequestException(`The ${name} parameter is nested too deeply`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BadRequestException(`The ${name} parameter must be valid JSON`);
  }
  const unsafe = findUnsafeText(parsed, name);
  if (unsafe.length) throw new ValidationFailedException(unsafe);
  return parsed;
}

/** Parses and bounds the list parameters; anything malformed is a 400 that names it. */
export function parseListQuery<F extends string>(query: ListQueryDto, options: ListQueryOptions<F>): ListQuery<F> {
  const { defaultLimit = 25, maxLimit = 500 } = options;

  const filter = parseJson('filter', query.filter) ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw new BadRequestException('The filter parameter must be a JSON object');
  }

  let offset = 0;
  let limit = defaultLimit;
  const range = parseJson('range', query.range);
  if (range !== undefined) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
      throw new BadRequestException('The range parameter must be [start, end] with 0 <= start <= end');
    }
    offset = range[0];
    limit = Math.min(range[1] - range[0] + 1, maxLimit);
  }

  let sort = options.defaultSort;
  const rawSort = parseJson('sort', query.sort);
  if (rawSort !== undefined) {
    const [field, order] = Array.isArray(rawSort) ? rawSort : [];
    const upper = typeof order === 'string' ? order.toUpperCase() : '';
    if (!options.sortable.includes(field as F) || (upper !== 'ASC' && upper !== 'DESC')) {
      throw new BadRequestException(`The sort parameter must be [field, "ASC" | "DESC"] with field one of: ${options.sortable.join(', ')}`);
    }
    sort = { field: field as F, order: upper };
  }

  return { filter: filter as Record<string, unknown>, offset, limit, sort };
}

/**
 * `Content-Range: <resource> <start>-<end>/<total>`, exposed to browsers, on an answer browsers do
 * not keep: Express tags a body by its bytes alone, so a page whose rows stayed the same while its
 * total moved would be revalidated (304), and a browser keeps its stored Content-Range then (Chromium
 * updates no Content-Range from a 304), showing the old count.
 */
export function setContentRange(res: Response, resource: string, offset: number, count: number, total: number): void {
  const end = count > 0 ? offset + count - 1 : offset;
  res.setHeader('Content-Range', `${resource} ${offset}-${end}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
  res.setHeader('Cache-Control', 'no-store');
}
