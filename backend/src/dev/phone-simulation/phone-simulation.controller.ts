import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
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
import { ROLE_MESSAGES } from '@warranty-crm/contract';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { RequireRole } from '../../common/auth/roles.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { PhoneSimulationStateDto, SetPhoneSimulationDto, SimulateCallDto, SimulatedCallDto } from './dto/phone-simulation.dto.js';
import { type PhoneSimulationState, PhoneSimulationService } from './phone-simulation.service.js';

const ADMINS_ONLY = ROLE_MESSAGES.phoneNumbers;

function toStateDto(state: PhoneSimulationState): PhoneSimulationStateDto {
  return { available: state.available, enabled: state.enabled, account_sid: state.accountSid };
}

@ApiTags('phone-simulation')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('phone-system/simulation')
export class PhoneSimulationController {
  constructor(private readonly simulation: PhoneSimulationService) {}

  @Get()
  @ApiOperation({
    summary: 'Whether the built-in phone simulation is available here and on for the organization',
    description: 'available is false in production without the demo data (the switch is then refused).',
  })
  @ApiOkResponse({ type: PhoneSimulationStateDto })
  async get(@CurrentActor() actor: Actor): Promise<PhoneSimulationStateDto> {
    return toStateDto(await this.simulation.state(actor));
  }

  @Post()
  @HttpCode(200)
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({
    summary: 'Turn the built-in phone simulation on or off',
    description:
      "On: a simulated Twilio runs inside the app (no restart) and becomes the organization's Twilio account, so numbers "
      + 'can be bought and webhooks fixed without a real account. Off: the real Twilio link comes back (or none). '
      + 'Development, or a deployment with the demo data, only: 404 otherwise.',
  })
  @ApiOkResponse({ type: PhoneSimulationStateDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'enabled is not a boolean' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'The phone simulation is only available in development or with the demo data' })
  async set(@CurrentActor() actor: Actor, @Body() dto: SetPhoneSimulationDto): Promise<PhoneSimulationStateDto> {
    return toStateDto(await this.simulation.set(actor, dto));
  }

  @Post('calls')
  @RequireRole('admin', ADMINS_ONLY)
  @ApiOperation({
    summary: 'A simulated caller leaves a voicemail on one of the numbers',
    description:
      "The simulated Twilio drives the app's real webhooks, signed as Twilio signs them: the voice webhook, the recording "
      + 'and the transcription. The voicemail then shows in the call logs (and live in open tabs).',
  })
  @ApiCreatedResponse({ type: SimulatedCallDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A field is invalid' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such number, or the simulation is not available here' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The simulation is off, or the number was not bought in it' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'A webhook refused the simulated call' })
  async call(@CurrentActor() actor: Actor, @Body() dto: SimulateCallDto): Promise<SimulatedCallDto> {
    const { callSid, recordingSid } = await this.simulation.call(actor, dto);
    return { call_sid: callSid, recording_sid: recordingSid };
  }
}
