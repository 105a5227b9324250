import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { LAUNCHER_PHONE, MESSAGES, stripPhone } from '../phone-options.js';

const stripped = ({ value }: { value: unknown }) => (typeof value === 'string' ? stripPhone(value) : value);
const agent = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return trimmed.toLowerCase() === 'computer' ? 'computer' : stripPhone(trimmed);
};

/** The call launcher (spec part 2 sections 5 and 7): from, to, agentPhone ('computer' for the browser). */
export class MakeCallDto {
  @ApiProperty({ example: '+15125550100', description: "One of the organization's numbers, the caller ID" })
  @Transform(stripped)
  @Matches(LAUNCHER_PHONE, { message: MESSAGES.invalidPhone })
  @IsNotEmpty({ message: MESSAGES.callMissing })
  @IsString({ message: MESSAGES.callMissing })
  from!: string;

  @ApiProperty({ example: '+15125550123', description: 'The customer; spaces, dashes and parentheses are ignored' })
  @Transform(stripped)
  @Matches(LAUNCHER_PHONE, { message: MESSAGES.invalidPhone })
  @IsNotEmpty({ message: MESSAGES.callMissing })
  @IsString({ message: MESSAGES.callMissing })
  to!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '+15125550199',
    description: "The agent's phone that rings first, or 'computer' for an in-browser call; left out, blank or null: the signed-in user's profile phone",
  })
  @Transform(agent)
  @IsOptional()
  @MaxLength(20, { message: MESSAGES.invalidPhone })
  @Matches(/^(computer|\+?[1-9]\d{1,14})$/, { message: MESSAGES.invalidPhone })
  @IsString({ message: MESSAGES.invalidPhone })
  agentPhone?: string | null;
}

export class MakeCallResponseDto {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: 'Connecting agent to +15125550123' }) message!: string;
  @ApiProperty({ enum: ['phone', 'computer'] }) mode!: 'phone' | 'computer';
  @ApiProperty({ format: 'uuid', description: 'The call log of this call (call_type "call")' }) call_log_id!: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: "Twilio's CallSid of the agent leg (phone mode)" }) call_sid!: string | null;
  @ApiPropertyOptional({
    description: 'For computer mode: the params to pass to the Voice SDK Device.connect()',
    example: { To: '+15125550123', CallerId: '+15125550100', CallLogId: '9b1c...' },
  })
  params?: Record<string, string>;
}

export class VoiceTokenResponseDto {
  @ApiProperty({ description: 'A Twilio Voice SDK access token (JWT)' }) token!: string;
  @ApiProperty({ example: 'user-9b1c…' }) identity!: string;
  @ApiProperty({ example: 3600 }) expires_in!: number;
}
