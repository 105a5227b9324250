import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';

export class TestEmailDto {
  @ApiProperty({ example: 'me@example.com', description: "Usually the user's notification e-mail" })
  @OptionalField()
  @IsString({ message: 'No email configured' })
  @MaxLength(255, { message: 'Email must be at most 255 characters' })
  to?: string;
}

export class TestSmsDto {
  @ApiProperty({ example: '+15551234567', description: "Usually the user's notification phone" })
  @OptionalField()
  @IsString({ message: 'No phone number configured' })
  @MaxLength(50, { message: 'Phone must be at most 50 characters' })
  to?: string;
}

export class TestSentDto {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: 'Test email sent!' }) message!: string;
}

export class PushKeysDto {
  @ApiProperty() @IsString({ message: 'keys.p256dh is required' }) @MaxLength(255) p256dh!: string;
  @ApiProperty() @IsString({ message: 'keys.auth is required' }) @MaxLength(255) auth!: string;
}
