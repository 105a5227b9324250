import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { trim, trimOrNull } from '../../../common/http/transforms.js';
import { INVITATION_STATUSES, type InvitationStatus, type UserInvitation } from '../user-invitation.entity.js';

export class InviteUserDto {
  @ApiProperty({ example: 'sam', maxLength: 255 })
  @Transform(trim)
  @MaxLength(255, { message: 'Username must be at most 255 characters' })
  @IsNotEmpty({ message: 'Username is required.' })
  @IsString({ message: 'Username is required.' })
  username!: string;

  @ApiPropertyOptional({ example: 'sam@example.com', maxLength: 255, nullable: true, type: String })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(255, { message: 'Email must be at most 255 characters' })
  @IsEmail({}, { message: 'Must be a valid email' })
  email?: string | null;
}

/** Where an invitation e-mail stands: queued, sent, not sent for want of SMTP settings, or failed. */
export class InvitationStateDto {
  @ApiProperty({ example: 'sam@example.com' }) email!: string;
  @ApiProperty({ enum: INVITATION_STATUSES, example: 'queued' }) status!: InvitationStatus;
  @ApiProperty({ nullable: true, type: Date }) sent_at!: Date | null;
  @ApiProperty({ nullable: true, type: String, description: 'Why the last attempt failed' }) error!: string | null;
}

export function toInvitationState(i: UserInvitation): InvitationStateDto {
  return { email: i.email, status: i.status, sent_at: i.sentAt ?? null, error: i.error ?? null };
}

/** Shown once to the owner, who passes it on; the user must change it at first sign-in. */
export class InvitedUserDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'sam' }) username!: string;
  @ApiProperty({ example: 'k7Pq2mXw9RtZ4vNb' }) temporaryPassword!: string;
  @ApiProperty({ nullable: true, type: InvitationStateDto, description: 'The invitation e-mail, when the invite named an e-mail' })
  invitation!: InvitationStateDto | null;
}

/** GET /api/users/{id}/invitation. */
export class UserInvitationResponseDto {
  @ApiProperty({ nullable: true, type: InvitationStateDto, description: 'null when the user was invited without an e-mail' })
  invitation!: InvitationStateDto | null;
}
