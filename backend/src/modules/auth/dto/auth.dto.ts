import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';
import {
  ORGANIZATION_NAME_MAX,
  ORGANIZATION_NAME_REQUIRED,
  ORGANIZATION_NAME_TEXT,
  ORGANIZATION_NAME_TOO_LONG,
} from '@warranty-crm/contract';
import { trim } from '../../../common/http/transforms.js';
import { UserResponseDto } from '../../users/dto/user-response.dto.js';

/**
 * Credentials are strictly typed: a missing or null field is "required", any other non-string
 * (number, boolean, list, object) says it must be text. Rules run bottom-up (see validation.pipe).
 */
export class LoginDto {
  @ApiProperty({ example: 'jane', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Username must be at most 255 characters' })
  @IsNotEmpty({ message: 'Username is required' })
  @IsString({ message: 'Username must be text' })
  @IsDefined({ message: 'Username is required' })
  username!: string;

  @ApiProperty({ example: 'secret123', maxLength: 1024 })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  @IsNotEmpty({ message: 'Password is required' })
  @IsString({ message: 'Password must be text' })
  @IsDefined({ message: 'Password is required' })
  password!: string;
}

export class RegisterDto {
  @ApiProperty({ example: 'jane', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Username must be at most 255 characters' })
  @IsNotEmpty({ message: 'Username is required' })
  @IsString({ message: 'Username must be text' })
  @IsDefined({ message: 'Username is required' })
  username!: string;

  @ApiProperty({ example: 'secret123', minLength: 6, maxLength: 1024 })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  @MinLength(6, { message: 'Password must be at least 6 characters' })
  @IsNotEmpty({ message: 'Password is required' })
  @IsString({ message: 'Password must be text' })
  @IsDefined({ message: 'Password is required' })
  password!: string;

  @ApiPropertyOptional({
    example: 'Acme Audio',
    maxLength: ORGANIZATION_NAME_MAX,
    description: "The new organization's name (customers see it). When absent, \"<username>'s organization\".",
  })
  @Transform(trim)
  @MaxLength(ORGANIZATION_NAME_MAX, { message: ORGANIZATION_NAME_TOO_LONG })
  @IsNotEmpty({ message: ORGANIZATION_NAME_REQUIRED })
  @IsString({ message: ORGANIZATION_NAME_TEXT })
  @OptionalField()
  organization_name?: string;
}

export class ForcedPasswordChangeDto {
  @ApiProperty({ minLength: 6, maxLength: 1024 })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  @MinLength(6, { message: 'Password must be at least 6 characters long.' })
  @IsNotEmpty({ message: 'Please enter a new password.' })
  @IsString({ message: 'Please enter a new password.' })
  newPassword!: string;
}

/** GET /api/session: who is signed in, if anyone (always 200). */
export class SessionResponseDto {
  @ApiProperty({ type: () => UserResponseDto, nullable: true, description: 'The signed-in user, or null without a session' })
  user!: UserResponseDto | null;
}
