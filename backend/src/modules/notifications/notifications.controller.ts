import { Controller, Get, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { NotificationQueryDto, NotificationResponseDto, toNotificationResponse, UnreadCountDto } from './dto/notification.dto.js';
import { NotificationsService } from './notifications.service.js';

@ApiTags('notifications')
@ApiCookieAuth()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({ summary: "The signed-in user's notifications, newest first" })
  @ApiOkResponse({ type: [NotificationResponseDto] })
  async list(@CurrentActor() actor: Actor, @Query() query: NotificationQueryDto): Promise<NotificationResponseDto[]> {
    return (await this.notifications.list(actor, query)).map(toNotificationResponse);
  }

  @Get('unread-count')
  @ApiOperation({ summary: 'How many of them are unread' })
  @ApiOkResponse({ type: UnreadCountDto })
  async unreadCount(@CurrentActor() actor: Actor): Promise<UnreadCountDto> {
    return { count: await this.notifications.unreadCount(actor) };
  }
}
