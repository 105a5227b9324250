import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

import { ASSIGNABLE_ROLES, type AssignableRole, ROLE_MESSAGES } from '@warranty-crm/contract';

export type { AssignableRole };

export class UpdateRoleDto {
  @ApiProperty({ enum: ASSIGNABLE_ROLES, example: 'admin', description: 'admin: settings, numbers and the audit log too; agent: tickets and calls' })
  @IsIn(ASSIGNABLE_ROLES, { message: ROLE_MESSAGES.assignable })
  role!: AssignableRole;
}
