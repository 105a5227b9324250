import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { trimOrNull } from '../../../common/http/transforms.js';
import { GREETING_TYPES, type BrandPhoneNumber, type GreetingType } from '../brand-phone-number.entity.js';
import { GREETING_TEXT_MAX, MAX_LENGTH_DEFAULT, MAX_LENGTH_MAX, MAX_LENGTH_MIN, MESSAGES, TTS_VOICES, type TtsVoice } from '../phone-options.js';

const defined = (_: object, value: unknown) => value !== undefined;

/** Blank, null or not a number falls back to 120 s (spec part 2 section 5); a number is kept as given. */
const maxLength = ({ value }: { value: unknown }): unknown => {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === 'string' && value.trim() === '')) return MAX_LENGTH_DEFAULT;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : MAX_LENGTH_DEFAULT;
};

/** GET/PATCH /api/phone-numbers/{id}/greeting (spec part 2 sections 4, 5 and 9). Fields left out keep their value. */
export class UpdateGreetingDto {
  @ApiPropertyOptional({ enum: GREETING_TYPES })
  @ValidateIf(defined)
  @IsIn(GREETING_TYPES, { message: `Greeting type must be one of: ${GREETING_TYPES.join(', ')}` })
  greeting_type?: GreetingType;

  @ApiPropertyOptional({ maxLength: GREETING_TEXT_MAX, nullable: true, type: String, description: 'Kept only for text_to_speech' })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(GREETING_TEXT_MAX, { message: MESSAGES.greetingTextMax })
  @IsString({ message: 'Greeting text must be text' })
  greeting_text?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: '/objects/uploads/<organization>/<id>-greeting.mp3',
    description: 'Kept only for audio_file: the objectPath of an upload (POST /api/objects/upload), which the save claims',
  })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(2000, { message: MESSAGES.greetingAudioPath })
  @Matches(/^\/objects\/uploads\/\S+$/, { message: MESSAGES.greetingAudioPath })
  greeting_audio_url?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 255, example: 'greeting.mp3' })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(255, { message: 'Greeting audio file name must be at most 255 characters' })
  @IsString({ message: 'Greeting audio file name must be text' })
  greeting_audio_filename?: string | null;

  @ApiPropertyOptional({ enum: TTS_VOICES, default: 'alice' })
  @ValidateIf(defined)
  @IsIn(TTS_VOICES, { message: `Voice must be one of: ${TTS_VOICES.join(', ')}` })
  tts_voice?: TtsVoice;

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: MAX_LENGTH_MIN, maximum: MAX_LENGTH_MAX, default: MAX_LENGTH_DEFAULT, description: 'Seconds; blank, null or not a number means 120' })
  @Transform(maxLength)
  @ValidateIf(defined)
  @Max(MAX_LENGTH_MAX, { message: MESSAGES.maxLengthRange })
  @Min(MAX_LENGTH_MIN, { message: MESSAGES.maxLengthRange })
  @IsInt({ message: MESSAGES.maxLengthRange })
  voicemail_max_length?: number;

  @ApiPropertyOptional({ type: Boolean, default: true })
  @ValidateIf(defined)
  @IsBoolean({ message: 'enable_transcription must be true or false' })
  enable_transcription?: boolean;
}

export class GreetingResponseDto {
  @ApiProperty({ enum: GREETING_TYPES }) greeting_type!: GreetingType;
  @ApiProperty({ nullable: true, type: String }) greeting_text!: string | null;
  @ApiProperty({ nullable: true, type: String }) greeting_audio_url!: string | null;
  @ApiProperty({ nullable: true, type: String }) greeting_audio_filename!: string | null;
  @ApiProperty({ enum: TTS_VOICES }) tts_voice!: string;
  @ApiProperty({ example: 120 }) voicemail_max_length!: number;
  @ApiProperty() enable_transcription!: boolean;
  @ApiProperty({ description: 'false when the maximum length passes the 120 s Twilio can transcribe: recordings are kept, not transcribed' })
  transcription_available!: boolean;
}

export function toGreetingResponse(n: BrandPhoneNumber): GreetingResponseDto {
  return {
    greeting_type: n.greetingType,
    greeting_text: n.greetingText ?? null,
    greeting_audio_url: n.greetingAudioUrl ?? null,
    greeting_audio_filename: n.greetingAudioFilename ?? null,
    tts_voice: n.ttsVoice,
    voicemail_max_length: n.voicemailMaxLength,
    enable_transcription: n.enableTranscription,
    transcription_available: n.voicemailMaxLength <= 120,
  };
}
