import { ApiProperty } from '@nestjs/swagger';
import type { User } from '../user.entity.js';

/** The user as the session API returns it (spec part 2 section 7); never the password. */
export class UserResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() username!: string;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
  @ApiProperty({ nullable: true, type: String }) first_name!: string | null;
  @ApiProperty({ nullable: true, type: String }) last_name!: string | null;
  @ApiProperty({ nullable: true, type: String }) phone!: string | null;
  @ApiProperty({ nullable: true, type: String }) address!: string | null;
  @ApiProperty() role!: string;
  @ApiProperty() is_account_owner!: boolean;
  @ApiProperty() must_change_password!: boolean;
  @ApiProperty({ nullable: true, type: String }) notification_email!: string | null;
  @ApiProperty({ nullable: true, type: String }) notification_phone!: string | null;
  @ApiProperty({ format: 'uuid' }) organization_id!: string;
  @ApiProperty() created_at!: Date;
  @ApiProperty({ nullable: true, type: Date }) last_login!: Date | null;
}

export function toUserResponse(user: User): UserResponseDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email ?? null,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    phone: user.phone ?? null,
    address: user.address ?? null,
    role: user.role,
    is_account_owner: user.isAccountOwner,
    must_change_password: user.mustChangePassword,
    notification_email: user.notificationEmail ?? null,
    notification_phone: user.notificationPhone ?? null,
    organization_id: user.organization.id,
    created_at: user.createdAt,
    last_login: user.lastLogin ?? null,
  };
}
