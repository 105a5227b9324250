import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiBadRequestResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { VapidKeys } from './channels/vapid-keys.js';
import { ContactTestService } from './contact-test.service.js';
import { TestEmailDto, TestSentDto, TestSmsDto } from './dto/contact-test.dto.js';
import { PushEndpointDto, PushSubscriptionDto, PushSubscriptionStateDto, VapidPublicKeyDto } from './dto/push.dto.js';
import { PushSubscriptionsService } from './push-subscriptions.service.js';

@ApiTags('notifications')
@ApiCookieAuth()
@Controller()
export class ContactController {
  constructor(
    private readonly tests: ContactTestService,
    private readonly push: PushSubscriptionsService,
    private readonly vapid: VapidKeys,
  ) {}

  @Post('test-email')
  @HttpCode(200)
  @ApiOperation({ summary: "Sends a test e-mail through the organization's SMTP server" })
  @ApiOkResponse({ type: TestSentDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '"No email configured", a "to" that is not an e-mail address, or no SMTP server' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: "The SMTP server's error" })
  async testEmail(@CurrentActor() actor: Actor, @Body() dto: TestEmailDto): Promise<TestSentDto> {
    await this.tests.email(actor, dto.to);
    return { success: true, message: 'Test email sent!' };
  }

  @Post('test-sms')
  @HttpCode(200)
  @ApiOperation({ summary: "Sends a test SMS from one of the organization's numbers" })
  @ApiOkResponse({ type: TestSentDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: '"No phone number configured", or no Twilio account/number' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: "Twilio's error" })
  async testSms(@CurrentActor() actor: Actor, @Body() dto: TestSmsDto): Promise<TestSentDto> {
    await this.tests.sms(actor, dto.to);
    return { success: true, message: 'Test SMS sent!' };
  }

  @Get('push/vapid-public-key')
  @ApiOperation({ summary: 'The VAPID public key browsers subscribe with' })
  @ApiOkResponse({ type: VapidPublicKeyDto })
  async vapidPublicKey(): Promise<VapidPublicKeyDto> {
    return { public_key: (await this.vapid.get()).publicKey };
  }

  @Get('push/subscriptions')
  @ApiOperation({ summary: 'Whether this browser (its push endpoint) is subscribed for the signed-in user' })
  @ApiOkResponse({ type: PushSubscriptionStateDto })
  async state(@CurrentActor() actor: Actor, @Query() query: PushEndpointDto): Promise<PushSubscriptionStateDto> {
    return { subscribed: await this.push.isSubscribed(actor, query.endpoint) };
  }

  @Post('push/subscriptions')
  @HttpCode(200)
  @ApiOperation({ summary: 'Enables push on this device (the PushSubscription JSON of the browser)' })
  @ApiOkResponse({ type: PushSubscriptionStateDto })
  async subscribe(@CurrentActor() actor: Actor, @Body() dto: PushSubscriptionDto): Promise<PushSubscriptionStateDto> {
    await this.push.subscribe(actor, dto);
    return { subscribed: true };
  }

  @Delete('push/subscriptions')
  @ApiOperation({ summary: 'Disables push on this device' })
  @ApiOkResponse({ type: PushSubscriptionStateDto })
  async unsubscribe(@CurrentActor() actor: Actor, @Body() dto: PushEndpointDto): Promise<PushSubscriptionStateDto> {
    await this.push.unsubscribe(actor, dto.endpoint);
    return { subscribed: false };
  }
}
