import { describe, expect, it } from '@jest/globals';
import type { Response } from 'express';
import { parseListQuery, setContentRange } from './list-query.js';

const options = { sortable: ['created_at', 'status'] as const, defaultSort: { field: 'created_at' as const, order: 'DESC' as const } };

describe('parseListQuery', () => {
  it('defaults to the first page in the default order', () => {
    expect(parseListQuery({}, options)).toEqual({ filter: {}, offset: 0, limit: 25, sort: { field: 'created_at', order: 'DESC' } });
  });

  it("reads react-admin's filter, inclusive range and sort", () => {
    expect(parseListQuery({ filter: '{"status":"Open"}', range: '[10,19]', sort: '["status","asc"]' }, options)).toEqual({
      filter: { status: 'Open' },
      offset: 10,
      limit: 10,
      sort: { field: 'status', order: 'ASC' },
    });
  });

  it('caps the page size', () => {
    expect(parseListQuery({ range: '[0,100000]' }, { ...options, maxLimit: 100 }).limit).toBe(100);
  });

  it.each([
    [{ filter: '{oops' }, 'The filter parameter must be valid JSON'],
    [{ filter: '[1]' }, 'The filter parameter must be a JSON object'],
    [{ range: '[5,1]' }, 'The range parameter must be [start, end] with 0 <= start <= end'],
    [{ range: '[-1,3]' }, 'The range parameter must be [start, end] with 0 <= start <= end'],
    [{ sort: '["password","ASC"]' }, 'The sort parameter must be [field, "ASC" | "DESC"] with field one of: created_at, status'],
  ])('rejects %j', (query, message) => {
    expect(() => parseListQuery(query, options)).toThrow(message);
  });
});

describe('setContentRange', () => {
  it('says the range and total, exposes them, and asks browsers not to keep the answer', () => {
    const headers: Record<string, string> = {};
    setContentRange({ setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response, 'tickets', 0, 25, 26);
    expect(headers).toEqual({ 'Content-Range': 'tickets 0-24/26', 'Access-Control-Expose-Headers': 'Content-Range', 'Cache-Control': 'no-store' });
  });
});
