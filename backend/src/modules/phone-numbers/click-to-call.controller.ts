import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { ClickToCallService } from './click-to-call.service.js';
import { MakeCallDto, MakeCallResponseDto, VoiceTokenResponseDto } from './dto/make-call.dto.js';

@ApiTags('phone-numbers')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('phone-numbers')
export class ClickToCallController {
  constructor(private readonly clickToCall: ClickToCallService) {}

  @Post('make-call')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Click-to-call: ring the agent (a phone, or "computer" for the browser) and bridge to the customer',
    description: 'With a phone, Twilio calls the agent first and then dials the customer with the organization number as caller ID. '
      + 'With "computer", the answer carries the params for the Voice SDK\'s Device.connect() (token from GET voice-token).',
  })
  @ApiOkResponse({ type: MakeCallResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Please fill in all required fields / Please enter a valid phone number ...' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: "Twilio's message, or Could not initiate the call" })
  makeCall(@CurrentActor() actor: Actor, @Body() dto: MakeCallDto): Promise<MakeCallResponseDto> {
    return this.clickToCall.makeCall(actor, dto);
  }

  @Get('voice-token')
  @ApiOperation({ summary: 'A Twilio Voice SDK access token for in-browser calls (creates the API key and TwiML app once)' })
  @ApiOkResponse({ type: VoiceTokenResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No Twilio account connected' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto })
  voiceToken(@CurrentActor() actor: Actor): Promise<VoiceTokenResponseDto> {
    return this.clickToCall.voiceToken(actor);
  }
}
