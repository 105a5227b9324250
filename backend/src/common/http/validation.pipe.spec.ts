import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, Max, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { ValidationFailedException } from '../errors/app-exception.js';
import { createValidationPipe } from './validation.pipe.js';

let checks = 0;

/** Counts the runs of the DTO's rules. */
@ValidatorConstraint({ name: 'counted' })
class Counted implements ValidatorConstraintInterface {
  validate(): boolean {
    checks++;
    return true;
  }
}

class PageQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Max(100) limit?: number;
  @IsOptional() @IsString() @Validate(Counted) q?: string;
  @IsOptional() @IsArray() @IsString({ each: true }) ids?: string[];
}

const asQuery = { type: 'query' as const, metatype: PageQuery, data: undefined };

describe('the validation pipe with a query', () => {
  it('makes and checks the DTO once for the same parameters, and gives each request its own copy', async () => {
    const pipe = createValidationPipe();
    const before = checks;
    const first = (await pipe.transform({ limit: '25', q: 'jack', ids: ['a', 'b'] }, asQuery)) as PageQuery;
    const second = (await pipe.transform({ limit: '25', q: 'jack', ids: ['a', 'b'] }, asQuery)) as PageQuery;
    expect(checks - before).toBe(1);
    expect(first).toBeInstanceOf(PageQuery);
    expect(second).toBeInstanceOf(PageQuery);
    expect(second).not.toBe(first);
    expect({ ...second }).toEqual({ limit: 25, q: 'jack', ids: ['a', 'b'] });
    // Other parameters are other DTOs.
    expect({ ...((await pipe.transform({ limit: '5', q: 'jack' }, asQuery)) as PageQuery) }).toEqual({ limit: 5, q: 'jack' });
    expect(checks - before).toBe(2);
  });

  it('keeps what the copies share from changing', async () => {
    const pipe = createValidationPipe();
    const query = (await pipe.transform({ ids: ['a'] }, asQuery)) as PageQuery;
    expect(() => query.ids!.push('b')).toThrow(TypeError);
    query.limit = 3;
    expect({ ...((await pipe.transform({ ids: ['a'] }, asQuery)) as PageQuery) }).toEqual({ ids: ['a'] });
  });

  it("leaves a query without a DTO class (an interface's Object) as it came, and unfrozen", async () => {
    const pipe = createValidationPipe();
    const raw = { expires: '1700000000', signature: 'abc' };
    expect(await pipe.transform(raw, { type: 'query', metatype: Object, data: undefined })).toBe(raw);
    expect(Object.isFrozen(raw)).toBe(false);
  });

  it('refuses an invalid query every time, with its rule and with unsafe text alike', async () => {
    const pipe = createValidationPipe();
    for (let i = 0; i < 2; i++) {
      await expect(pipe.transform({ limit: '500' }, asQuery)).rejects.toBeInstanceOf(ValidationFailedException);
      await expect(pipe.transform({ q: 'a\u0000b' }, asQuery)).rejects.toBeInstanceOf(ValidationFailedException);
    }
  });
});
