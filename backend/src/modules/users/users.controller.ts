import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { RequireRole } from '../../common/auth/roles.js';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { uuidOr404 } from '../../common/http/ids.js';
import { UserNotFoundError } from './users.errors.js';
import { ListQueryDto, setContentRange } from '../../common/http/list-query.js';
import { InvitedUserDto, InviteUserDto, UserInvitationResponseDto } from './dto/invite-user.dto.js';
import { SuccessResponseDto } from './dto/success-response.dto.js';
import { UpdateRoleDto } from './dto/update-role.dto.js';
import { toUserListItem, UserListItemDto } from './dto/user-list.dto.js';
import { OWNERS_ONLY, UsersService } from './users.service.js';

/** A malformed id names no user of the organization: 404, like another organization's id. */
const userIdPipe = uuidOr404(() => new UserNotFoundError());

@ApiTags('users')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@ApiForbiddenResponse({ type: ErrorResponseDto, description: OWNERS_ONLY })
@RequireRole('owner', OWNERS_ONLY)
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({
    summary: "The organization's users (account owner only)",
    description: 'react-admin list parameters: `filter` ({"q": "..."}), `range`, `sort` by username or created_at. Answers `Content-Range: users a-b/total`.',
  })
  @ApiOkResponse({ type: [UserListItemDto] })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async list(
    @CurrentActor() actor: Actor,
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UserListItemDto[]> {
    const { users, offset, total } = await this.users.list(actor, query);
    setContentRange(res, 'users', offset, users.length, total);
    return users.map(toUserListItem);
  }

  @Post('invite')
  @ApiOperation({ summary: 'Invite a user with a temporary password they must change at first sign-in (account owner only)' })
  @ApiCreatedResponse({ type: InvitedUserDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Username is required.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'Username already exists' })
  invite(@CurrentActor() actor: Actor, @Body() dto: InviteUserDto): Promise<InvitedUserDto> {
    return this.users.invite(actor, dto);
  }

  @Get(':id/invitation')
  @ApiOperation({ summary: "Where the user's invitation e-mail stands: queued, sent, not_sent_no_smtp or failed (account owner only)" })
  @ApiOkResponse({ type: UserInvitationResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such user in the organization' })
  async invitation(@CurrentActor() actor: Actor, @Param('id', userIdPipe) id: string): Promise<UserInvitationResponseDto> {
    return { invitation: await this.users.invitation(actor, id) };
  }

  @Patch(':id/role')
  @ApiOperation({ summary: "Set a user's role: admin or agent (account owner only; the account owner stays owner)" })
  @ApiOkResponse({ type: UserListItemDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'role must be admin or agent' })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Not the owner, or the account owner cannot be demoted' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such user in the organization' })
  async setRole(@CurrentActor() actor: Actor, @Param('id', userIdPipe) id: string, @Body() dto: UpdateRoleDto): Promise<UserListItemDto> {
    return toUserListItem(await this.users.setRole(actor, id, dto.role));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Remove a user from the organization and end their sessions (account owner only)' })
  @ApiOkResponse({ type: SuccessResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Not an owner, the account owner, or yourself' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such user in the organization' })
  async remove(@CurrentActor() actor: Actor, @Param('id', userIdPipe) id: string): Promise<SuccessResponseDto> {
    await this.users.remove(actor, id);
    return { success: true };
  }
}
