import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsArray, IsBoolean, IsEmail, IsIn, IsInt, IsOptional, IsString, isFQDN, isIP, Max, MaxLength, Min, ValidateBy, ValidateIf } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';
import { DEFAULT_RECORDING_NOTICE, RECORDING_NOTICE_MAX, RECORDING_NOTICE_MESSAGES, RESPONSE_HOURS_MAX, RESPONSE_HOURS_MIN, SMTP_MESSAGES } from '@warranty-crm/contract';
import { TICKET_FIELDS } from '../system-settings.entity.js';

export const RESPONSE_HOURS_MESSAGES = {
  warranty_response_hours: `warranty_response_hours must be a whole number of hours between ${RESPONSE_HOURS_MIN} and ${RESPONSE_HOURS_MAX}`,
  support_response_hours: `support_response_hours must be a whole number of hours between ${RESPONSE_HOURS_MIN} and ${RESPONSE_HOURS_MAX}`,
} as const;

/** A promised response time in whole hours, 1 to 720; null is a 400 too (omit it to keep the value). */
const ResponseHours = (field: keyof typeof RESPONSE_HOURS_MESSAGES): PropertyDecorator => {
  const message = RESPONSE_HOURS_MESSAGES[field];
  return (target, key) => {
    OptionalField()(target, key);
    Max(RESPONSE_HOURS_MAX, { message })(target, key);
    Min(RESPONSE_HOURS_MIN, { message })(target, key);
    IsInt({ message })(target, key);
  };
};

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A host name ("smtp.example.com", "localhost") or an IP address; "" clears the setting. */
const IsHost = (message: string) =>
  ValidateBy({
    name: 'isHost',
    validator: {
      validate: (value) =>
        value === '' ||
        (typeof value === 'string' && (isIP(value) || isFQDN(value, { require_tld: false, allow_underscores: false, allow_trailing_dot: false }))),
    },
  }, { message });

/** A write-only secret: omitted or "" keeps the stored one, null clears it, text replaces it. */
const keepOrClear = (_: unknown, value: unknown) => value !== undefined && value !== null;

/** The settings as the API shows them: secrets only as "is set" flags (ARCHITECTURE rule 6). */
export class SettingsResponseDto {
  @ApiProperty({ type: [String], example: ['IronJack', 'TorqueLine'] }) brands!: string[];
  @ApiProperty({ nullable: true, type: String, example: 'IronJack', description: 'Default brand of new tickets' }) ticket_brand!: string | null;
  @ApiProperty({ type: [String], enum: TICKET_FIELDS, isArray: true }) ticket_fields_enabled!: string[];
  @ApiProperty({ nullable: true, type: String }) retell_agent_id!: string | null;
  @ApiProperty() retell_api_key_set!: boolean;
  @ApiProperty({ nullable: true, type: String }) smtp_host!: string | null;
  @ApiProperty({ example: 587 }) smtp_port!: number;
  @ApiProperty({ nullable: true, type: String }) smtp_username!: string | null;
  @ApiProperty() smtp_password_set!: boolean;
  @ApiProperty({ nullable: true, type: String }) smtp_from_email!: string | null;
  @ApiProperty({ nullable: true, type: String }) smtp_from_name!: string | null;
  @ApiProperty({ nullable: true, type: String }) twilio_account_sid!: string | null;
  @ApiProperty() twilio_auth_token_set!: boolean;
  @ApiProperty({ nullable: true, type: String }) twilio_phone_number!: string | null;
  @ApiProperty({ example: 24, description: 'Hours to the response promised on a warranty issue' }) warranty_response_hours!: number;
  @ApiProperty({ example: 48, description: 'Hours to the response promised on a technical-support request' }) support_response_hours!: number;
  @ApiProperty({ description: "Say the recording notice before every number's voicemail greeting and at the start of the AI agent's calls" })
  recording_notice_enabled!: boolean;
  @ApiProperty({ example: DEFAULT_RECORDING_NOTICE, description: 'The notice as it is said (the default when none was saved)' })
  recording_notice_text!: string;
  @ApiProperty() updated_at!: Date;
}

/**
 * PUT /api/settings: any subset (the admin saves one section at a time). Omitted fields stay as
 * they are; for text fields an empty string or null clears the value (they read back as null).
 * brands and ticket_fields_enabled are lists: null is a 400 there ([] is the empty list). Secrets
 * (retell_api_key, smtp_password) are write-only: omitted or "" keeps the stored one (a form that
 * shows "set" sends nothing), null clears it.
 */
export class UpdateSettingsDto {
  @ApiPropertyOptional({ type: [String], description: 'Trimmed, non-empty, at most 50 characters, no duplicates (any case)' })
  @OptionalField()
  @Allow()
  brands?: unknown;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'One of brands, or null/"" to clear' })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsString({ message: 'The default brand must be one of the brands' })
  ticket_brand?: string | null;

  @ApiPropertyOptional({ type: [String], enum: TICKET_FIELDS, isArray: true })
  @OptionalField()
  @IsIn(TICKET_FIELDS, { each: true, message: `ticket_fields_enabled may only contain: ${TICKET_FIELDS.join(', ')}` })
  @IsArray({ message: `ticket_fields_enabled must be a list drawn from: ${TICKET_FIELDS.join(', ')}` })
  ticket_fields_enabled?: string[];

  @ApiPropertyOptional({ nullable: true, type: String, description: 'Write-only. Omitted or "" keeps the stored key; null clears it' })
  @ValidateIf(keepOrClear)
  @MaxLength(1000, { message: 'retell_api_key is too long' })
  @IsString({ message: 'retell_api_key must be text' })
  retell_api_key?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: '"" or null clears it' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(100, { message: 'retell_agent_id must be at most 100 characters' })
  @IsString({ message: 'retell_agent_id must be text' })
  retell_agent_id?: string | null;

  @ApiPropertyOptional({ example: 'smtp.example.com', nullable: true, type: String, description: 'A host name or IP address; "" or null clears it' })
  @IsOptional()
  @Transform(trim)
  @IsHost(SMTP_MESSAGES.smtp_host)
  @MaxLength(255, { message: SMTP_MESSAGES.smtp_host_length })
  @IsString({ message: SMTP_MESSAGES.smtp_host })
  smtp_host?: string | null;

  @ApiPropertyOptional({ example: 587, nullable: true, type: Number, description: 'null resets to 587' })
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @Max(65535, { message: SMTP_MESSAGES.smtp_port })
  @Min(1, { message: SMTP_MESSAGES.smtp_port })
  @IsInt({ message: SMTP_MESSAGES.smtp_port })
  smtp_port?: number | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: '"" or null clears it' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(255, { message: SMTP_MESSAGES.smtp_username })
  @IsString({ message: SMTP_MESSAGES.smtp_username })
  smtp_username?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'Write-only. Omitted or "" keeps the stored password; null clears it' })
  @ValidateIf(keepOrClear)
  @MaxLength(1000, { message: SMTP_MESSAGES.smtp_password })
  @IsString({ message: SMTP_MESSAGES.smtp_password })
  smtp_password?: string | null;

  @ApiPropertyOptional({ example: 'support@example.com', nullable: true, type: String, description: '"" or null clears it' })
  @IsOptional()
  @Transform(trim)
  @ValidateIf((_, value) => value !== '')
  @IsEmail({}, { message: SMTP_MESSAGES.smtp_from_email })
  @IsString({ message: SMTP_MESSAGES.smtp_from_email })
  smtp_from_email?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: '"" or null clears it' })
  @IsOptional()
  @Transform(trim)
  @MaxLength(255, { message: SMTP_MESSAGES.smtp_from_name })
  @IsString({ message: SMTP_MESSAGES.smtp_from_name })
  smtp_from_name?: string | null;

  @ApiPropertyOptional({
    example: 24,
    minimum: RESPONSE_HOURS_MIN,
    maximum: RESPONSE_HOURS_MAX,
    description: "Hours to the response promised on a warranty issue; new tickets only (existing tickets keep their respond_by)",
  })
  @ResponseHours('warranty_response_hours')
  warranty_response_hours?: number;

  @ApiPropertyOptional({
    example: 48,
    minimum: RESPONSE_HOURS_MIN,
    maximum: RESPONSE_HOURS_MAX,
    description: 'Hours to the response promised on a technical-support request; new tickets only',
  })
  @ResponseHours('support_response_hours')
  support_response_hours?: number;

  @ApiPropertyOptional({ description: "Say the recording notice before every number's voicemail greeting and at the start of the AI agent's calls" })
  @OptionalField()
  @IsBoolean({ message: 'recording_notice_enabled must be true or false' })
  recording_notice_enabled?: boolean;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: RECORDING_NOTICE_MAX, description: `The notice's words; "" or null says the default ("${DEFAULT_RECORDING_NOTICE}")` })
  @IsOptional()
  @Transform(trim)
  @MaxLength(RECORDING_NOTICE_MAX, { message: RECORDING_NOTICE_MESSAGES.text })
  @IsString({ message: RECORDING_NOTICE_MESSAGES.text })
  recording_notice_text?: string | null;
}

export class RetellAgentWebhookDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() brand!: string;
}

/** GET /api/settings/retell-agent: the configured agent as Retell describes it. */
export class RetellAgentCheckDto {
  @ApiProperty() agent_id!: string;
  @ApiProperty({ nullable: true, type: String }) agent_name!: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The agent's webhook URL in Retell" }) webhook_url!: string | null;
  @ApiProperty({ nullable: true, type: RetellAgentWebhookDto, description: 'The brand webhook that URL belongs to; null when it is none of ours' })
  webhook!: RetellAgentWebhookDto | null;
}
