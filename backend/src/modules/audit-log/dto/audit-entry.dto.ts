import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AUDIT_KINDS, type AuditEntry } from '../audit-entry.entity.js';

export class AuditChangeDto {
  @ApiProperty({ example: 'smtp_host' }) field!: string;
  @ApiPropertyOptional({ description: 'The value before (absent for a secret)', nullable: true }) old?: unknown;
  @ApiPropertyOptional({ description: 'The value after (absent for a secret)', nullable: true }) new?: unknown;
  @ApiPropertyOptional({ description: 'A secret: only that it changed is recorded, never its value' }) secret?: boolean;
}

/** One line of the audit log. */
export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: AUDIT_KINDS }) kind!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'Who did it (null for the system)' }) actor_id!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Their username at the time' }) actor_username!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'What it is about: a username, a phone number, "settings"' }) subject!: string | null;
  @ApiProperty({ type: [AuditChangeDto] }) changes!: AuditChangeDto[];
  @ApiProperty({ nullable: true, type: String }) ip!: string | null;
  @ApiProperty({ nullable: true, type: String }) user_agent!: string | null;
  @ApiProperty() created_at!: Date;
}

export function toAuditEntryDto(entry: AuditEntry): AuditEntryDto {
  return {
    id: entry.id,
    kind: entry.kind,
    actor_id: entry.actorId ?? null,
    actor_username: entry.actorUsername ?? null,
    subject: entry.subject ?? null,
    changes: entry.changes,
    ip: entry.ip ?? null,
    user_agent: entry.userAgent ?? null,
    created_at: entry.createdAt,
  };
}

export const AUDIT_SORTABLE = ['created_at'] as const;
