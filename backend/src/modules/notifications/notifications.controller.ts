import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { uuidOr404 } from '../../common/http/ids.js';
import { NotificationNotFoundError } from './notifications.errors.js';
import { setContentRange } from '../../common/http/list-query.js';
import {
  MarkAllReadResultDto,
  NotificationActionResultDto,
  NotificationQueryDto,
  NotificationResponseDto,
  toNotificationResponse,
  UnreadCountDto,
} from './dto/notification.dto.js';
import { NotificationsService } from './notifications.service.js';

const id404 = uuidOr404(() => new NotificationNotFoundError());

@ApiTags('notifications')
@ApiCookieAuth()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({
    summary: "The signed-in user's notifications, newest first",
    description: '`is_read=false` (unread), `is_followup=true` (followup), `limit`; or react-admin `filter`, `range`, `sort`. Answers `Content-Range: notifications a-b/total`.',
  })
  @ApiOkResponse({ type: [NotificationResponseDto] })
  async list(
    @CurrentActor() actor: Actor,
    @Query() query: NotificationQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<NotificationResponseDto[]> {
    const page = await this.notifications.list(actor, query);
    setContentRange(res, 'notifications', page.offset, page.notifications.length, page.total);
    return page.notifications.map(toNotificationResponse);
  }

  @Get('unread-count')
  @ApiOperation({ summary: 'How many of them are unread' })
  @ApiOkResponse({ type: UnreadCountDto })
  async unreadCount(@CurrentActor() actor: Actor): Promise<UnreadCountDto> {
    return { count: await this.notifications.unreadCount(actor) };
  }

  @Post('mark-all-read')
  @HttpCode(200)
  @ApiOperation({
    summary: "Marks all of the signed-in user's notifications read",
    description: "Only the caller's own notifications; the user's open tabs receive `unread_count` 0 over the live events. Any signed-in member. Errors: 401.",
  })
  @ApiOkResponse({ type: MarkAllReadResultDto })
  async markAllRead(@CurrentActor() actor: Actor): Promise<MarkAllReadResultDto> {
    return this.notifications.markAllRead(actor);
  }

  @Patch(':id/read')
  @ApiOperation({ summary: 'Marks one notification read; returns it' })
  @ApiOkResponse({ type: NotificationResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async markRead(@CurrentActor() actor: Actor, @Param('id', id404) id: string): Promise<NotificationResponseDto> {
    return toNotificationResponse(await this.notifications.markRead(actor, id));
  }

  @Patch(':id/followup')
  @ApiOperation({ summary: 'Toggles the followup mark; returns the notification' })
  @ApiOkResponse({ type: NotificationResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async toggleFollowup(@CurrentActor() actor: Actor, @Param('id', id404) id: string): Promise<NotificationResponseDto> {
    return toNotificationResponse(await this.notifications.toggleFollowup(actor, id));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes one notification' })
  @ApiOkResponse({ type: NotificationActionResultDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async remove(@CurrentActor() actor: Actor, @Param('id', id404) id: string): Promise<NotificationActionResultDto> {
    await this.notifications.remove(actor, id);
    return { success: true };
  }
}
