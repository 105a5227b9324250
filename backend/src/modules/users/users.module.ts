import { Module } from '@nestjs/common';
import { ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';
import { UserInvitationsService } from './user-invitations.service.js';
import { UserSessions } from './user-sessions.js';

@Module({
  controllers: [UsersController, ProfileController],
  providers: [UsersService, ProfileService, UserSessions, UserInvitationsService],
  exports: [UserInvitationsService],
})
export class UsersModule {}
