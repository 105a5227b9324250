import { HttpException, HttpStatus } from '@nestjs/common';

export interface FieldError {
  field: string;
  message: string;
}

/** Thrown by the validation pipe: the first failing rule is the message, all failures ride along. */
export class ValidationFailedException extends HttpException {
  constructor(readonly errors: FieldError[]) {
    super(errors[0]?.message ?? 'Invalid request', HttpStatus.BAD_REQUEST);
  }
}
