import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';
import { type ChannelFlags, NOTIFICATION_CHANNELS, type CatalogueEntry } from '../catalogue.js';

export class NotificationPreferenceDto {
  @ApiProperty({ example: 'new_ticket' }) event_type!: string;
  @ApiProperty() in_app!: boolean;
  @ApiProperty() mobile_push!: boolean;
  @ApiProperty() browser!: boolean;
  @ApiProperty() sms!: boolean;
  @ApiProperty() email!: boolean;
}

/** `event_type` plus the one channel flag that changed. */
export class UpdateNotificationPreferenceDto {
  @ApiProperty({ example: 'new_ticket' })
  @IsString({ message: 'event_type is required' })
  event_type!: string;

  @ApiPropertyOptional() @OptionalField() @IsBoolean({ message: 'in_app must be true or false' }) in_app?: boolean;
  @ApiPropertyOptional() @OptionalField() @IsBoolean({ message: 'mobile_push must be true or false' }) mobile_push?: boolean;
  @ApiPropertyOptional() @OptionalField() @IsBoolean({ message: 'browser must be true or false' }) browser?: boolean;
  @ApiPropertyOptional() @OptionalField() @IsBoolean({ message: 'sms must be true or false' }) sms?: boolean;
  @ApiPropertyOptional() @OptionalField() @IsBoolean({ message: 'email must be true or false' }) email?: boolean;
}

export class NotificationEventDto {
  @ApiProperty({ example: 'new_ticket' }) event_type!: string;
  @ApiProperty({ example: 'New ticket' }) label!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ description: 'Listed, not yet emitted: its preferences cannot be changed' }) coming_soon!: boolean;
  @ApiProperty({ type: NotificationPreferenceDto, description: 'The channels it uses until the user changes them' })
  defaults!: Omit<NotificationPreferenceDto, 'event_type'>;
}

export function toPreferenceDto(eventType: string, flags: ChannelFlags): NotificationPreferenceDto {
  const row = { event_type: eventType } as NotificationPreferenceDto;
  for (const channel of NOTIFICATION_CHANNELS) row[channel] = flags[channel];
  return row;
}

export function toNotificationEventDto(entry: CatalogueEntry): NotificationEventDto {
  const { event_type: _e, ...defaults } = toPreferenceDto(entry.eventType, entry.defaults);
  return { event_type: entry.eventType, label: entry.label, description: entry.description, coming_soon: entry.comingSoon, defaults };
}
