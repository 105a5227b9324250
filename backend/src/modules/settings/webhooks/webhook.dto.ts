import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Spec part 2 section 5: "trimmed name and brand required". */
export const WEBHOOK_REQUIRED_MESSAGE = 'Please provide both a name and select a brand';

export class CreateWebhookDto {
  @ApiProperty({ example: 'IronJack support line', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'The webhook name must be at most 255 characters' })
  @IsNotEmpty({ message: WEBHOOK_REQUIRED_MESSAGE })
  @IsString({ message: WEBHOOK_REQUIRED_MESSAGE })
  name!: string;

  @ApiProperty({ example: 'IronJack', maxLength: 50 })
  @Transform(trim)
  @MaxLength(50, { message: 'Brand must be at most 50 characters' })
  @IsNotEmpty({ message: WEBHOOK_REQUIRED_MESSAGE })
  @IsString({ message: WEBHOOK_REQUIRED_MESSAGE })
  brand!: string;
}

export class WebhookResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() brand!: string;
  @ApiProperty() created_at!: Date;
  @ApiProperty({ example: 'https://crm.example.com/api/webhooks/retell/8c1d...', description: "Retell's agent webhook URL (call_started, call_ended, call_analyzed)" })
  retell_webhook_url!: string;
  @ApiProperty({ example: 'https://crm.example.com/api/functions/create_warranty_ticket/8c1d...', description: 'URL of the agent\'s create_warranty_ticket custom function' })
  create_warranty_ticket_url!: string;
}
