import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';

const MESSAGE = 'days must be a whole number between 1 and 365';

/** An optional `days` query parameter: a whole number of days from 1 to 365. */
export function OptionalDayCount(defaultDays: number, description?: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: 365, default: defaultDays, description }),
    OptionalField(),
    Type(() => Number),
    // Bottom-up: the integer check runs first, the bounds after it.
    Max(365, { message: MESSAGE }),
    Min(1, { message: MESSAGE }),
    IsInt({ message: MESSAGE }),
  );
}
