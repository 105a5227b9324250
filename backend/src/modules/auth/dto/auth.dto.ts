import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class LoginDto {
  @ApiProperty({ example: 'jane' })
  @Transform(trim)
  @IsNotEmpty({ message: 'Username is required' })
  @IsString({ message: 'Username is required' })
  username!: string;

  @ApiProperty({ example: 'secret123' })
  @IsNotEmpty({ message: 'Password is required' })
  @IsString({ message: 'Password is required' })
  password!: string;
}

export class RegisterDto {
  @ApiProperty({ example: 'jane', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Username must be at most 255 characters' })
  @IsNotEmpty({ message: 'Username is required' })
  @IsString({ message: 'Username is required' })
  username!: string;

  @ApiProperty({ example: 'secret123', minLength: 6 })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  @MinLength(6, { message: 'Password must be at least 6 characters' })
  @IsNotEmpty({ message: 'Password is required' })
  @IsString({ message: 'Password is required' })
  password!: string;
}

export class ForcedPasswordChangeDto {
  @ApiProperty({ minLength: 6 })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  @MinLength(6, { message: 'Password must be at least 6 characters long.' })
  @IsNotEmpty({ message: 'Please enter a new password.' })
  @IsString({ message: 'Please enter a new password.' })
  newPassword!: string;
}
