import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ROLE_MESSAGES } from '@warranty-crm/contract';
import { RequireRole } from '../../common/auth/roles.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { uuidOr404 } from '../../common/http/ids.js';
import { PhoneNumberNotFoundError } from './phone-numbers.errors.js';
import { ListQueryDto, parseListQuery, setContentRange } from '../../common/http/list-query.js';
import { GreetingResponseDto, toGreetingResponse, UpdateGreetingDto } from './dto/greeting.dto.js';
import {
  AvailableNumberDto,
  DeletedNumberResponseDto,
  ImportNumberDto,
  PhoneNumberResponseDto,
  PurchaseNumberDto,
  ReconfiguredResponseDto,
  SearchNumbersQueryDto,
  toPhoneNumberResponse,
  UpdatePhoneNumberDto,
} from './dto/phone-number.dto.js';
import { GreetingsService } from './greetings.service.js';
import { NumberProvisioningService } from './number-provisioning.service.js';
import { PhoneNumbersService } from './phone-numbers.service.js';

const numberIdPipe = uuidOr404(() => new PhoneNumberNotFoundError());

const ADMINS_ONLY = ROLE_MESSAGES.phoneNumbers;

@ApiTags('phone-numbers')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('phone-numbers')
export class PhoneNumbersController {
  constructor(
    private readonly numbers: PhoneNumbersService,
    private readonly provisioning: NumberProvisioningService,
    private readonly greetings: GreetingsService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The organization's numbers, oldest first (react-admin list conventions, Content-Range)" })
  @ApiOkResponse({ type: [PhoneNumberResponseDto] })
  async list(@CurrentActor() actor: Actor, @Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response): Promise<PhoneNumberResponseDto[]> {
    const { offset, limit } = parseListQuery(query, { sortable: ['created_at'], defaultSort: { field: 'created_at', order: 'ASC' }, defaultLimit: 500 });
    const [rows, total] = await this.numbers.list(actor, offset, limit);
    setContentRange(res, 'phone-numbers', offset, rows.length, total);
    return rows.map(toPhoneNumberResponse);
  }

  @Get('search')
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({ summary: 'Numbers for sale at Twilio (country US/CA/GB; areaCode, or contains with a match mode; voice and sms on by default)' })
  @ApiOkResponse({ type: [AvailableNumberDto] })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: "Twilio's message, or Failed to search numbers" })
  search(@CurrentActor() actor: Actor, @Query() query: SearchNumbersQueryDto): Promise<AvailableNumberDto[]> {
    return this.provisioning.search(actor, query);
  }

  @Post('purchase')
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({ summary: 'Buy a number for a brand; its voice URL points at /api/webhooks/twilio/voice at once' })
  @ApiCreatedResponse({ type: PhoneNumberResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Please select a brand before purchasing' })
  @ApiConflictResponse({ type: ErrorResponseDto })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Could not purchase phone number' })
  async purchase(@CurrentActor() actor: Actor, @Body() dto: PurchaseNumberDto): Promise<PhoneNumberResponseDto> {
    return toPhoneNumberResponse(await this.provisioning.purchase(actor, dto));
  }

  @Post('import')
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({ summary: 'Link a number the Twilio account already owns to a brand; its voice URL points at us at once' })
  @ApiCreatedResponse({ type: PhoneNumberResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Please provide both phone number and brand' })
  @ApiConflictResponse({ type: ErrorResponseDto })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: "Twilio's message, or Could not import phone number" })
  async import(@CurrentActor() actor: Actor, @Body() dto: ImportNumberDto): Promise<PhoneNumberResponseDto> {
    return toPhoneNumberResponse(await this.provisioning.import(actor, dto));
  }

  @Patch(':id')
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({ summary: "Reassign the number's brand (null = No Brand)" })
  @ApiOkResponse({ type: PhoneNumberResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async update(@CurrentActor() actor: Actor, @Param('id', numberIdPipe) id: string, @Body() dto: UpdatePhoneNumberDto): Promise<PhoneNumberResponseDto> {
    return toPhoneNumberResponse(await this.numbers.update(actor, id, dto));
  }

  @Delete(':id')
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({ summary: 'Release a purchased number at Twilio, or detach an imported one (it stays in the Twilio account)' })
  @ApiOkResponse({ type: DeletedNumberResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiBadGatewayResponse({ type: ErrorResponseDto })
  remove(@CurrentActor() actor: Actor, @Param('id', numberIdPipe) id: string): Promise<DeletedNumberResponseDto> {
    return this.numbers.remove(actor, id);
  }

  @Post(':id/reconfigure-webhook')
  @RequireRole('admin', ADMINS_ONLY)
  @HttpCode(200)
  @ApiOperation({ summary: "Point the number's voice URL at PUBLIC_BASE_URL/api/webhooks/twilio/voice (Fix Webhooks)" })
  @ApiOkResponse({ type: ReconfiguredResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Failed to reconfigure webhooks' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The number is no longer in the Twilio account (it is marked inactive)' })
  reconfigure(@CurrentActor() actor: Actor, @Param('id', numberIdPipe) id: string): Promise<ReconfiguredResponseDto> {
    return this.numbers.reconfigureWebhook(actor, id);
  }

  @Get(':id/greeting')
  @ApiOperation({ summary: "The number's voicemail greeting and recording settings" })
  @ApiOkResponse({ type: GreetingResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async greeting(@CurrentActor() actor: Actor, @Param('id', numberIdPipe) id: string): Promise<GreetingResponseDto> {
    return toGreetingResponse(await this.greetings.get(actor, id));
  }

  @Patch(':id/greeting')
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({ summary: 'Save the voicemail greeting (text kept only for text_to_speech, audio only for audio_file)' })
  @ApiOkResponse({ type: GreetingResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async updateGreeting(@CurrentActor() actor: Actor, @Param('id', numberIdPipe) id: string, @Body() dto: UpdateGreetingDto): Promise<GreetingResponseDto> {
    return toGreetingResponse(await this.greetings.update(actor, id, dto));
  }
}
