import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { trim } from '../../../common/http/transforms.js';

export const TWILIO_SID_MESSAGE = 'Account SID must start with AC followed by 32 letters and digits';

/** Settings → Phone Setup → Connect Twilio Account. The token is write-only: never returned or logged. */
export class TwilioCredentialsDto {
  @ApiProperty({ example: 'AC0123456789abcdef0123456789abcdef', description: 'The Twilio Account SID' })
  @Transform(trim)
  @Matches(/^AC[0-9a-fA-F]{32}$/, { message: TWILIO_SID_MESSAGE })
  @IsNotEmpty({ message: 'Account SID is required' })
  @IsString({ message: 'Account SID is required' })
  twilio_account_sid!: string;

  @ApiProperty({ example: 'your_auth_token', writeOnly: true, description: 'The account’s Auth Token (write-only)' })
  @Transform(trim)
  @MaxLength(255, { message: 'Auth Token must be at most 255 characters' })
  @IsNotEmpty({ message: 'Auth Token is required' })
  @IsString({ message: 'Auth Token is required' })
  twilio_auth_token!: string;
}
