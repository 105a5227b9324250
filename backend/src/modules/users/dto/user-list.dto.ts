import { ApiProperty } from '@nestjs/swagger';
import type { User } from '../user.entity.js';

/** One row of the owner's user management list. */
export class UserListItemDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() username!: string;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
  @ApiProperty() is_account_owner!: boolean;
  @ApiProperty({ enum: ['owner', 'admin', 'agent'], example: 'agent' }) role!: string;
  @ApiProperty({ nullable: true, type: String }) first_name!: string | null;
  @ApiProperty({ nullable: true, type: String }) last_name!: string | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty({ nullable: true, type: Date }) last_login!: Date | null;
}

export function toUserListItem(user: User): UserListItemDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email ?? null,
    is_account_owner: user.isAccountOwner,
    role: user.role,
    first_name: user.firstName ?? null,
    last_name: user.lastName ?? null,
    created_at: user.createdAt,
    last_login: user.lastLogin ?? null,
  };
}

export const USER_SORTABLE = ['username', 'created_at'] as const;
export type UserSortField = (typeof USER_SORTABLE)[number];
