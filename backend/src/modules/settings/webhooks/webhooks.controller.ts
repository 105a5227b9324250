import { Body, Controller, Delete, Get, Param, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { type Actor, CurrentActor } from '../../../common/auth/actor.js';
import { ROLE_MESSAGES } from '@warranty-crm/contract';
import { RequireRole } from '../../../common/auth/roles.js';
import { ErrorResponseDto } from '../../../common/http/error-response.dto.js';
import { uuidOr404 } from '../../../common/http/ids.js';
import { WebhookNotFoundError } from '../settings.errors.js';
import { setContentRange } from '../../../common/http/list-query.js';
import { CreateWebhookDto, WebhookResponseDto } from './webhook.dto.js';
import { WebhooksService } from './webhooks.service.js';

const webhookIdPipe = uuidOr404(() => new WebhookNotFoundError());

@ApiTags('webhooks')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto })
@RequireRole('admin', ROLE_MESSAGES.settings)
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOperation({ summary: "The organization's brand webhooks with their Retell URLs, oldest first" })
  @ApiOkResponse({ type: [WebhookResponseDto] })
  async list(@CurrentActor() actor: Actor, @Res({ passthrough: true }) res: Response): Promise<WebhookResponseDto[]> {
    const webhooks = await this.webhooks.list(actor);
    setContentRange(res, 'webhooks', 0, webhooks.length, webhooks.length);
    return webhooks.map((w) => this.webhooks.toResponse(w));
  }

  @Post()
  @ApiOperation({ summary: 'Create a brand webhook (trimmed name and brand required)' })
  @ApiCreatedResponse({ type: WebhookResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '"Please provide both a name and select a brand"' })
  async create(@CurrentActor() actor: Actor, @Body() dto: CreateWebhookDto): Promise<WebhookResponseDto> {
    return this.webhooks.toResponse(await this.webhooks.create(actor, dto));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a brand webhook; its Retell URLs stop working' })
  @ApiOkResponse({ type: WebhookResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async remove(@CurrentActor() actor: Actor, @Param('id', webhookIdPipe) id: string): Promise<WebhookResponseDto> {
    return this.webhooks.toResponse(await this.webhooks.remove(actor, id));
  }
}
