import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { INBOUND_EMAIL_MESSAGES } from '@warranty-crm/contract';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const keepOrClear = (_: unknown, value: unknown) => value !== undefined && value !== null;

export class SmtpReceiverStatusDto {
  @ApiProperty({ description: 'Whether this instance runs the SMTP receiver (INBOUND_SMTP_PORT set)' }) enabled!: boolean;
  @ApiProperty({ nullable: true, type: String, example: '127.0.0.1' }) host!: string | null;
  @ApiProperty({ nullable: true, type: Number, example: 2525 }) port!: number | null;
}

/** Settings → Inbound E-mail: where the organization receives mail, and the webhook's state. */
export class InboundEmailSettingsDto {
  @ApiProperty({ nullable: true, type: String, example: 'support@acme.example', description: 'The inbound address set here; null: the SMTP "from" address is used' })
  address!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Where mail is taken for this organization: the inbound address, else the SMTP "from" address; null: none yet' })
  support_address!: string | null;
  @ApiProperty({ type: SmtpReceiverStatusDto }) smtp_receiver!: SmtpReceiverStatusDto;
  @ApiProperty({ example: 'https://crm.example.com/api/webhooks/inbound-email', description: "Point the provider's inbound route (Mailgun forward()) here" })
  webhook_url!: string;
  @ApiProperty({ description: 'Whether a webhook signing key is stored (the key itself is write-only)' }) signing_key_set!: boolean;
}

/** A generated key, shown once to paste into the provider. */
export class InboundSigningKeyDto extends InboundEmailSettingsDto {
  @ApiProperty({ example: '5f0c…', description: 'The new signing key; it is not shown again' }) signing_key!: string;
}

/** PUT /api/settings/inbound-email: any subset; omitted fields stay. */
export class UpdateInboundEmailSettingsDto {
  @ApiPropertyOptional({ nullable: true, type: String, example: 'support@acme.example', description: '"" or null clears it' })
  @IsOptional()
  @Transform(trim)
  @ValidateIf((_, value) => value !== '')
  @MaxLength(320, { message: INBOUND_EMAIL_MESSAGES.address })
  @IsEmail({}, { message: INBOUND_EMAIL_MESSAGES.address })
  @IsString({ message: INBOUND_EMAIL_MESSAGES.address })
  address?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: "Write-only: the provider's webhook signing key (Mailgun's HTTP webhook signing key). Omitted or \"\" keeps it; null clears it" })
  @ValidateIf(keepOrClear)
  @MaxLength(200, { message: INBOUND_EMAIL_MESSAGES.signingKey })
  @IsString({ message: INBOUND_EMAIL_MESSAGES.signingKey })
  signing_key?: string | null;
}
