import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

/** The roles the owner can give (the account owner's own role is fixed). */
export const ASSIGNABLE_ROLES = ['admin', 'agent'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export const ROLE_MESSAGE = 'role must be admin or agent';

export class UpdateRoleDto {
  @ApiProperty({ enum: ASSIGNABLE_ROLES, example: 'admin', description: 'admin: settings, numbers and the audit log too; agent: tickets and calls' })
  @IsIn(ASSIGNABLE_ROLES, { message: ROLE_MESSAGE })
  role!: AssignableRole;
}
