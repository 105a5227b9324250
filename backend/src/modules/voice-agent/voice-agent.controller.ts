import { Body, Controller, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../../common/auth/public.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { RETELL_SIGNATURE_HEADER } from '../../integrations/retell/retell-signature.js';
import { WarrantyTicketFunctionDto, WarrantyTicketResultDto } from './dto/create-warranty-ticket.dto.js';
import { RetellEventDto } from './dto/retell-call.dto.js';
import { VoiceAgentService } from './voice-agent.service.js';

/**
 * Retell's callbacks (spec part 2 section 7, inbound URLs), public but signed: each verifies
 * x-retell-signature over the raw body with the organization's Retell API key before anything
 * is written. Bodies are taken untyped and validated by the service (the function accepts its
 * arguments with or without Retell's call object).
 */
@ApiTags('voice agent (Retell)')
@Public()
@ApiHeader({ name: RETELL_SIGNATURE_HEADER, required: true, description: 'v=<epoch ms>,d=<HMAC-SHA256 of body + timestamp with the Retell API key>' })
@ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such brand webhook' })
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Missing, forged or expired signature (older than 5 minutes)' })
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'The organization has no Retell API key' })
@ApiBadRequestResponse({ type: ErrorResponseDto })
@Controller()
export class VoiceAgentController {
  constructor(private readonly agent: VoiceAgentService) {}

  @Post('webhooks/retell/:webhookId')
  @HttpCode(204)
  @ApiOperation({
    summary: "Retell's agent webhook: call_started, call_ended, call_analyzed",
    description: 'Upserts one call log per call_id (retries and out-of-order events are harmless) with the brand of the webhook. Other events are acknowledged and ignored.',
  })
  @ApiBody({ type: RetellEventDto })
  @ApiNoContentResponse({ description: 'Recorded (or ignored)' })
  async callEvent(
    @Param('webhookId') webhookId: string,
    @Req() req: RawBodyRequest<Request>,
    @Headers(RETELL_SIGNATURE_HEADER) signature: string | undefined,
    @Body() body: unknown,
  ): Promise<void> {
    await this.agent.callEvent(webhookId, { rawBody: req.rawBody, signature }, body);
  }

  @Post('functions/create_warranty_ticket/:webhookId')
  @HttpCode(200)
  @ApiOperation({
    summary: "The agent's create_warranty_ticket custom function",
    description:
      "Creates the caller's warranty ticket (brand of the webhook, customer from the caller) once per call_id and links the call; answers a sentence the agent can say.",
  })
  @ApiBody({ type: WarrantyTicketFunctionDto })
  @ApiOkResponse({ type: WarrantyTicketResultDto })
  createWarrantyTicket(
    @Param('webhookId') webhookId: string,
    @Req() req: RawBodyRequest<Request>,
    @Headers(RETELL_SIGNATURE_HEADER) signature: string | undefined,
    @Body() body: unknown,
  ): Promise<WarrantyTicketResultDto> {
    return this.agent.createWarrantyTicket(webhookId, { rawBody: req.rawBody, signature }, body);
  }
}
