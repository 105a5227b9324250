import { Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../../common/auth/public.decorator.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ClickToCallService } from './click-to-call.service.js';
import type { TwilioCallback } from './twilio-signature.service.js';
import { VoiceWebhooksService } from './voice-webhooks.service.js';
import { webhookUrl } from './webhook-urls.js';

/** TwiML answers are XML; set only on success, so a 403 stays a JSON error body. */
function twiml(res: Response, xml: string): string {
  res.type('text/xml');
  return xml;
}

/** What the services need of a Twilio callback, read off the request here (services never see Express). */
function callbackOf(req: Request): TwilioCallback {
  return {
    method: req.method,
    path: req.path,
    url: req.originalUrl,
    signature: req.header('x-twilio-signature'),
    body: req.body,
    query: req.query as Record<string, unknown>,
  };
}

/**
 * Called by Twilio, not by users: no session, a valid X-Twilio-Signature instead (403 otherwise).
 * Form-encoded bodies as Twilio sends them; TwiML (XML) or 204 answers.
 */
@ApiTags('webhooks')
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Missing or invalid X-Twilio-Signature' })
@Public()
@Controller('webhooks/twilio')
export class TwilioWebhooksController {
  constructor(
    private readonly voice: VoiceWebhooksService,
    private readonly clickToCall: ClickToCallService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('voice')
  @HttpCode(200)
  @ApiOperation({ summary: "Twilio's voice URL for every number: the greeting, then a voicemail recording (TwiML)" })
  @ApiProduces('text/xml')
  async incomingCall(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    return twiml(res, await this.voice.incomingCall(callbackOf(req)));
  }

  @Post('voice/recorded')
  @HttpCode(200)
  @ApiOperation({ summary: "The Record verb's action: notes the recording and ends the call (TwiML)" })
  @ApiProduces('text/xml')
  async recorded(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    return twiml(res, await this.voice.recorded(callbackOf(req)));
  }

  @Post('recording')
  @HttpCode(204)
  @ApiOperation({ summary: 'Recording status callback: creates or completes the call log of the CallSid' })
  recording(@Req() req: Request): Promise<void> {
    return this.voice.recordingStatus(callbackOf(req));
  }

  @Post('transcription')
  @HttpCode(204)
  @ApiOperation({ summary: 'Transcription callback: stores the text on the call log of the CallSid' })
  transcription(@Req() req: Request): Promise<void> {
    return this.voice.transcription(callbackOf(req));
  }

  @Post('outbound')
  @HttpCode(200)
  @ApiOperation({ summary: 'Click-to-call bridge: dials the customer with the organization number as caller ID (TwiML)' })
  @ApiProduces('text/xml')
  async outbound(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    return twiml(res, await this.clickToCall.bridgeTwiml(callbackOf(req)));
  }

  @Get('health')
  @ApiOperation({ summary: 'Health check for the webhook URL shown in Phone Setup' })
  @ApiOkResponse({ schema: { properties: { status: { type: 'string', example: 'ok' }, voice_webhook_url: { type: 'string' }, time: { type: 'string' } } } })
  health(): { status: string; voice_webhook_url: string; time: string } {
    return { status: 'ok', voice_webhook_url: webhookUrl(this.config.publicBaseUrl, 'voice'), time: new Date().toISOString() };
  }
}

