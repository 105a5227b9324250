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
}
