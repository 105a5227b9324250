import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { trim } from '../../../common/http/transforms.js';

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
}

export class ForcedPasswordChangeDto {
  @ApiProperty({ minLength: 6, maxLength: 1024 })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  @MinLength(6, { message: 'Password must be at least 6 characters long.' })
  @IsNotEmpty({ message: 'Please enter a new password.' })
  @IsString({ message: 'Please enter a new password.' })
  newPassword!: string;
}
