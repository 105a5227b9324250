import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class LoginDto {
  @ApiProperty({ example: 'jane' })
  @Transform(trim)
  @IsString({ message: 'Username is required' })
  @IsNotEmpty({ message: 'Username is required' })
  username!: string;

  @ApiProperty({ example: 'secret123' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  password!: string;
}

export class RegisterDto {
  @ApiProperty({ example: 'jane', maxLength: 255 })
  @Transform(trim)
  @IsString({ message: 'Username is required' })
  @IsNotEmpty({ message: 'Username is required' })
  @MaxLength(255, { message: 'Username must be at most 255 characters' })
  username!: string;

  @ApiProperty({ example: 'secret123', minLength: 6 })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MinLength(6, { message: 'Password must be at least 6 characters' })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  password!: string;
}

export class ForcedPasswordChangeDto {
  @ApiProperty({ minLength: 6 })
  @IsString({ message: 'Please enter a new password.' })
  @IsNotEmpty({ message: 'Please enter a new password.' })
  @MinLength(6, { message: 'Password must be at least 6 characters long.' })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  newPassword!: string;
}
