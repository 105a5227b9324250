import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class FieldErrorDto {
  @ApiProperty({ example: 'customerEmail' }) field!: string;
  @ApiProperty({ example: 'Valid email is required' }) message!: string;
}

/** The body of every non-2xx answer (ARCHITECTURE rule 3). */
export class ErrorResponseDto {
  @ApiProperty({ example: 400 }) statusCode!: number;
  @ApiProperty({ example: 'Valid email is required', description: 'The human message' }) error!: string;
  @ApiProperty({ example: 'Valid email is required', description: 'The same message' }) message!: string;
  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'Every failing field (validation only)' })
  errors?: FieldErrorDto[];
  @ApiPropertyOptional({ description: "A domain error's stable code", example: 'customers.phone_taken' })
  code?: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Particulars of some errors: the conflicting customer (customer_id, customer_name) of customers.phone_taken / customers.email_taken',
  })
  details?: Record<string, unknown>;
}
