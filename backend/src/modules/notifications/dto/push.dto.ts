import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsString, IsUrl, MaxLength, ValidateNested } from 'class-validator';
import { PushKeysDto } from './contact-test.dto.js';

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export class PushSubscriptionDto {
  @ApiProperty({ example: 'https://fcm.googleapis.com/fcm/send/...' })
  @IsString({ message: 'endpoint is required' })
  @IsUrl({ require_tld: false, protocols: ['https', 'http'], require_protocol: true }, { message: 'endpoint must be a URL' })
  @MaxLength(2000, { message: 'endpoint must be at most 2000 characters' })
  endpoint!: string;

  @ApiProperty({ type: PushKeysDto })
  @IsObject({ message: 'keys is required' })
  @ValidateNested()
  @Type(() => PushKeysDto)
  keys!: PushKeysDto;
}

export class PushEndpointDto {
  @ApiProperty()
  @IsString({ message: 'endpoint is required' })
  @MaxLength(2000, { message: 'endpoint must be at most 2000 characters' })
  endpoint!: string;
}

export class VapidPublicKeyDto {
  @ApiProperty({ description: 'applicationServerKey for pushManager.subscribe (URL-safe base64)' }) public_key!: string;
}

export class PushSubscriptionStateDto {
  @ApiProperty() subscribed!: boolean;
}
