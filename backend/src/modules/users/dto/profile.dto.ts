import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { E164, E164_MESSAGE, trimOrNull } from '../../../common/http/transforms.js';

/**
 * Any subset of the personal fields. A field left out stays as it is; an empty string or null
 * clears it.
 */
export class UpdateProfileDto {
  @ApiPropertyOptional({ maxLength: 255, nullable: true, type: String, example: 'Jane' })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(255, { message: 'First name must be at most 255 characters' })
  @IsString({ message: 'First name must be text' })
  first_name?: string | null;

  @ApiPropertyOptional({ maxLength: 255, nullable: true, type: String, example: 'Doe' })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(255, { message: 'Last name must be at most 255 characters' })
  @IsString({ message: 'Last name must be text' })
  last_name?: string | null;

  @ApiPropertyOptional({ maxLength: 255, nullable: true, type: String, example: 'jane@example.com' })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(255, { message: 'Email must be at most 255 characters' })
  @IsEmail({}, { message: 'Must be a valid email' })
  email?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, example: '+15551234567', description: 'E.164' })
  @Transform(trimOrNull)
  @IsOptional()
  @Matches(E164, { message: E164_MESSAGE })
  @IsString({ message: E164_MESSAGE })
  phone?: string | null;

  @ApiPropertyOptional({ maxLength: 1000, nullable: true, type: String, example: '1 Main St, Springfield' })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(1000, { message: 'Address must be at most 1000 characters' })
  @IsString({ message: 'Address must be text' })
  address?: string | null;

  @ApiPropertyOptional({ maxLength: 255, nullable: true, type: String, example: 'alerts@example.com' })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(255, { message: 'Notification email must be at most 255 characters' })
  @IsEmail({}, { message: 'Must be a valid email' })
  notification_email?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, example: '+15551234567', description: 'E.164' })
  @Transform(trimOrNull)
  @IsOptional()
  @Matches(E164, { message: E164_MESSAGE })
  @IsString({ message: E164_MESSAGE })
  notification_phone?: string | null;
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsNotEmpty({ message: 'Current password is required' })
  @IsString({ message: 'Current password is required' })
  currentPassword!: string;

  @ApiProperty({ minLength: 6 })
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  @MinLength(6, { message: 'Password must be at least 6 characters' })
  @IsNotEmpty({ message: 'New password is required' })
  @IsString({ message: 'New password is required' })
  newPassword!: string;
}
