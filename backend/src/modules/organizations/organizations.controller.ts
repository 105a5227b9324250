import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { RequireRole } from '../../common/auth/roles.js';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { uuidOr404 } from '../../common/http/ids.js';
import { OrganizationNotFoundError } from './organizations.errors.js';
import { A2pSyncService } from './a2p-sync.service.js';
import { OrganizationResponseDto, toOrganizationResponse } from './dto/organization-response.dto.js';
import { TwilioCredentialsDto } from './dto/twilio-credentials.dto.js';
import { UpdateA2pDto } from './dto/update-a2p.dto.js';
import { A2P_OWNERS_ONLY, OrganizationsService } from './organizations.service.js';
import { TwilioAccountService } from './twilio-account.service.js';

export const CONNECT_OWNERS_ONLY = 'Only account owners can connect a Twilio account';

/** A malformed id is no organization of the user's: 404, like another organization's id. */
const organizationIdPipe = uuidOr404(() => new OrganizationNotFoundError());

@ApiTags('organizations')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@ApiNotFoundResponse({ type: ErrorResponseDto, description: "Not the signed-in user's organization" })
@Controller('organizations')
export class OrganizationsController {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly twilioAccount: TwilioAccountService,
    private readonly a2pSync: A2pSyncService,
  ) {}

  @Patch('twilio-credentials')
  @RequireRole('owner', CONNECT_OWNERS_ONLY)
  @ApiOperation({
    summary: 'Connect the organization’s own Twilio account (account owner only)',
    description: 'Verifies the credentials by fetching the account from Twilio, then stores them encrypted '
      + '(subaccount_origin "imported"). Wrong credentials: 400, nothing stored; Twilio unreachable: 502.',
  })
  @ApiOkResponse({ type: OrganizationResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: CONNECT_OWNERS_ONLY })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The account is linked to another organization' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Twilio could not be reached' })
  async connectTwilio(@CurrentActor() actor: Actor, @Body() dto: TwilioCredentialsDto): Promise<OrganizationResponseDto> {
    return toOrganizationResponse(await this.twilioAccount.connect(actor, dto));
  }

  @Get(':id')
  @ApiOperation({ summary: "The signed-in user's organization; the subaccount token is reported only as set or not" })
  @ApiOkResponse({ type: OrganizationResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('id', organizationIdPipe) id: string): Promise<OrganizationResponseDto> {
    return toOrganizationResponse(await this.organizations.get(actor, id));
  }

  @Post(':id/a2p/refresh')
  @HttpCode(200)
  @RequireRole('owner', A2P_OWNERS_ONLY)
  @ApiOperation({ summary: 'Read the A2P registration’s status from Twilio now (as the half-hourly sync does): approved, or failed with Twilio’s reason' })
  @ApiOkResponse({ type: OrganizationResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'No Twilio account connected' })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Could not read the A2P registration status from Twilio' })
  async refreshA2p(@CurrentActor() actor: Actor, @Param('id', organizationIdPipe) id: string): Promise<OrganizationResponseDto> {
    return toOrganizationResponse(await this.a2pSync.refresh(actor, id));
  }

  @Patch(':id/a2p')
  @RequireRole('owner', A2P_OWNERS_ONLY)
  @ApiOperation({ summary: 'Save the A2P 10DLC business and contact information (account owner only)' })
  @ApiOkResponse({ type: OrganizationResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: A2P_OWNERS_ONLY })
  @ApiBadGatewayResponse({ type: ErrorResponseDto, description: 'Creating the Twilio subaccount failed; nothing saved' })
  async updateA2p(
    @CurrentActor() actor: Actor,
    @Param('id', organizationIdPipe) id: string,
    @Body() dto: UpdateA2pDto,
  ): Promise<OrganizationResponseDto> {
    return toOrganizationResponse(await this.organizations.updateA2p(actor, id, dto));
  }
}
