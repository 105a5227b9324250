import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { ROLE_MESSAGES } from '@warranty-crm/contract';
import { RequireRole } from '../../common/auth/roles.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { ListQueryDto, setContentRange } from '../../common/http/list-query.js';
import { AuditLogService } from './audit-log.service.js';
import { AuditEntryDto, toAuditEntryDto } from './dto/audit-entry.dto.js';

/** Read only: the log has no route that edits or deletes a line. */
@ApiTags('audit-log')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@RequireRole('admin', ROLE_MESSAGES.auditLog)
@Controller('audit-log')
export class AuditLogController {
  constructor(private readonly auditLog: AuditLogService) {}

  @Get()
  @ApiOperation({
    summary: "The organization's audit log, newest first (owner and admins)",
    description:
      'Settings changes (fields, old → new; secrets only as changed), role changes, invitations, removals, numbers bought or released, exports and sign-ins from a new device, ' +
      'with who, when and from where. react-admin list parameters: `filter` ({"actor_id": "...", "kind": "settings_changed", "from": "2026-11-01", "to": "2026-11-30"}), ' +
      '`range`, `sort` by created_at. Answers `Content-Range: audit-log a-b/total`.',
  })
  @ApiOkResponse({ type: [AuditEntryDto] })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response): Promise<AuditEntryDto[]> {
    const { entries, offset, total } = await this.auditLog.list(query);
    setContentRange(res, 'audit-log', offset, entries.length, total);
    return entries.map(toAuditEntryDto);
  }
}
