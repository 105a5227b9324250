import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  SIMULATION_FROM_INVALID,
  SIMULATION_NUMBER_REQUIRED,
  SIMULATION_TRANSCRIPT_MAX,
  SIMULATION_TRANSCRIPT_TOO_LONG,
} from '@warranty-crm/contract';
import { E164, trim } from '../../../common/http/transforms.js';
import { OptionalField } from '../../../common/http/optional.js';

export class PhoneSimulationStateDto {
  @ApiProperty({ description: 'Whether the simulation may run here: development, or a deployment with the demo data' })
  available!: boolean;

  @ApiProperty({ description: "Whether the organization's Twilio is the simulated one" })
  enabled!: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'AC0123456789abcdef0123456789abcdef', description: "The simulated account's SID while on" })
  account_sid!: string | null;
}

export class SetPhoneSimulationDto {
  @ApiProperty({ description: 'true: run the simulated Twilio and link it; false: back to the real Twilio link (or none)' })
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;
}

export class SimulateCallDto {
  @ApiProperty({ format: 'uuid', description: "One of the organization's numbers, bought while the simulation is on" })
  @IsUUID('all', { message: SIMULATION_NUMBER_REQUIRED })
  number_id!: string;

  @ApiProperty({ example: '+15125550123', description: "The simulated caller's phone (E.164)" })
  @Transform(trim)
  @Matches(E164, { message: SIMULATION_FROM_INVALID })
  @IsString({ message: SIMULATION_FROM_INVALID })
  from!: string;

  @ApiPropertyOptional({ maxLength: SIMULATION_TRANSCRIPT_MAX, example: 'My floor jack leaks oil', description: "The voicemail's words (its transcription); default: a sample sentence" })
  @OptionalField()
  @Transform(trim)
  @IsString({ message: SIMULATION_TRANSCRIPT_TOO_LONG })
  @MaxLength(SIMULATION_TRANSCRIPT_MAX, { message: SIMULATION_TRANSCRIPT_TOO_LONG })
  transcript?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 120, default: 10, description: "The recording's length in seconds" })
  @OptionalField()
  @IsInt({ message: 'seconds must be a whole number from 1 to 120' })
  @Min(1, { message: 'seconds must be a whole number from 1 to 120' })
  @Max(120, { message: 'seconds must be a whole number from 1 to 120' })
  seconds?: number;
}

export class SimulatedCallDto {
  @ApiProperty({ example: 'CA0123456789abcdef0123456789abcdef', description: "The simulated call's CallSid (the call log's call_sid)" })
  call_sid!: string;

  @ApiProperty({ example: 'RE0123456789abcdef0123456789abcdef' })
  recording_sid!: string;
}
