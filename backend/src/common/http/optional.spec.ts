import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, IS_OPTIONAL, IsString, validate } from 'class-validator';
// Loads every module, so every DTO class has registered its metadata.
import '../../app.module.js';
import { OptionalField } from './optional.js';

/** Where @nestjs/swagger keeps a property's @ApiProperty() options (its DECORATORS.API_MODEL_PROPERTIES). */
const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';

class Sample {
  @OptionalField()
  @IsString({ message: 'name must be text' })
  name?: string;
}

describe('OptionalField()', () => {
  it('skips a missing field and validates null like any other value', async () => {
    expect(await validate(plainToInstance(Sample, {}))).toEqual([]);
    expect(await validate(plainToInstance(Sample, { name: 'x' }))).toEqual([]);
    const errors = await validate(plainToInstance(Sample, { name: null }));
    expect(errors.map((e) => [e.property, e.constraints])).toEqual([['name', { isString: 'name must be text' }]]);
  });
});

/** The parts of class-validator's ValidationMetadata (not exported) this check reads. */
interface ValidationMetadata {
  name?: string;
  target: Function | string;
  propertyName: string;
}

describe('THE RULE over every DTO of the app', () => {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<Function, ValidationMetadata[]> };
  const optional = [...storage.validationMetadatas.values()].flat().filter((m) => m.name === IS_OPTIONAL);

  it('finds the DTOs (the check below is not vacuous)', () => {
    expect(storage.validationMetadatas.size).toBeGreaterThan(10);
    expect(optional.length).toBeGreaterThan(0);
  });

  it('uses @IsOptional() (which lets null through unchecked) only on fields documented nullable', () => {
    const undocumented = optional
      .filter((m) => {
        const swagger = Reflect.getMetadata(API_MODEL_PROPERTIES, (m.target as Function).prototype, m.propertyName) as
          | { nullable?: boolean }
          | undefined;
        return swagger?.nullable !== true;
      })
      .map((m) => `${(m.target as Function).name}.${m.propertyName}`);
    expect(undocumented).toEqual([]);
  });
});
