import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { trim, trimOrNull } from '../../../common/http/transforms.js';

export class InviteUserDto {
  @ApiProperty({ example: 'sam', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Username must be at most 255 characters' })
  @IsNotEmpty({ message: 'Username is required.' })
  @IsString({ message: 'Username is required.' })
  username!: string;

  @ApiPropertyOptional({ example: 'sam@example.com', maxLength: 255, nullable: true, type: String })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(255, { message: 'Email must be at most 255 characters' })
  @IsEmail({}, { message: 'Must be a valid email' })
  email?: string | null;
}

/** Shown once to the owner, who passes it on; the user must change it at first sign-in. */
export class InvitedUserDto {
  @ApiProperty({ example: 'sam' }) username!: string;
  @ApiProperty({ example: 'k7Pq2mXw9RtZ4vNb' }) temporaryPassword!: string;
}
