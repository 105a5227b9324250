import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { isEmail, IsString, MaxLength, ValidateBy } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';

export const INVALID_TEST_EMAIL = 'Please enter a valid email address, such as me@example.com';

export class TestEmailDto {
  @ApiProperty({ example: 'me@example.com', description: "Usually the user's notification e-mail" })
  @OptionalField()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  // Blank is the service's "No email configured"; anything else must be an address (issue 26: it went
  // to the SMTP server, whose refusal answered 502).
  @ValidateBy({ name: 'isEmailOrBlank', validator: { validate: (value) => typeof value !== 'string' || value === '' || isEmail(value) } }, { message: INVALID_TEST_EMAIL })
  @MaxLength(255, { message: 'Email must be at most 255 characters' })
  @IsString({ message: 'No email configured' })
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
