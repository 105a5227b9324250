import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { NOTIFICATION_CATALOGUE } from './catalogue.js';
import {
  NotificationEventDto,
  NotificationPreferenceDto,
  toNotificationEventDto,
  toPreferenceDto,
  UpdateNotificationPreferenceDto,
} from './dto/preference.dto.js';
import { PreferencesService } from './preferences.service.js';

@ApiTags('notifications')
@ApiCookieAuth()
@Controller()
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @Get('notification-preferences')
  @ApiOperation({ summary: "The signed-in user's channels for each live catalogue event (defaults where never set)" })
  @ApiOkResponse({ type: [NotificationPreferenceDto] })
  async list(@CurrentActor() actor: Actor): Promise<NotificationPreferenceDto[]> {
    return (await this.preferences.list(actor)).map((p) => toPreferenceDto(p.eventType, p.flags));
  }

  @Patch('notification-preferences')
  @ApiOperation({ summary: 'Turns one channel of one event on or off', description: 'Body: `event_type` plus exactly one channel flag.' })
  @ApiOkResponse({ type: NotificationPreferenceDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Unknown or coming-soon event, or not exactly one channel flag' })
  async update(@CurrentActor() actor: Actor, @Body() dto: UpdateNotificationPreferenceDto): Promise<NotificationPreferenceDto> {
    const saved = await this.preferences.update(actor, dto);
    return toPreferenceDto(saved.eventType, saved.flags);
  }

  @Get('notification-events')
  @ApiOperation({ summary: 'The notification event catalogue: labels, default channels, and the Coming Soon events' })
  @ApiOkResponse({ type: [NotificationEventDto] })
  catalogue(): NotificationEventDto[] {
    return NOTIFICATION_CATALOGUE.map(toNotificationEventDto);
  }
}
