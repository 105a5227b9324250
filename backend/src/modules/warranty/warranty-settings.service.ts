import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DEFAULT_APPROVAL_TEMPLATE, DEFAULT_DENIAL_REASONS, DEFAULT_DENIAL_TEMPLATE, WARRANTY_TEMPLATE_PLACEHOLDERS } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { AuditLogService } from '../audit-log/audit-log.service.js';
import { diffChanges } from '../audit-log/changes.js';
import type { UpdateWarrantySettingsDto, WarrantySettingsDto } from './dto/warranty-settings.dto.js';
import { WarrantySettings } from './warranty-settings.entity.js';

/** An organization's denial reasons and decision templates (Settings → Tickets). */
@Injectable()
export class WarrantySettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditLogService,
  ) {}

  async get(organizationId: string, em: EntityManager = this.em): Promise<WarrantySettingsDto> {
    const row = await em.getRepository(WarrantySettings).ofOrganization(organizationId);
    return {
      denial_reasons: row?.denialReasons?.length ? row.denialReasons : [...DEFAULT_DENIAL_REASONS],
      approval_template: row?.approvalTemplate || DEFAULT_APPROVAL_TEMPLATE,
      denial_template: row?.denialTemplate || DEFAULT_DENIAL_TEMPLATE,
      placeholders: [...WARRANTY_TEMPLATE_PLACEHOLDERS],
    };
  }

  async update(actor: Actor, dto: UpdateWarrantySettingsDto): Promise<WarrantySettingsDto> {
    return this.em.transactional(async (tx) => {
      const before = await this.get(actor.organizationId, tx);
      let row = await tx.getRepository(WarrantySettings).ofOrganization(actor.organizationId);
      if (!row) row = tx.create(WarrantySettings, { organization: actor.organizationId });
      if (dto.denial_reasons !== undefined) row.denialReasons = [...new Set(dto.denial_reasons)];
      if (dto.approval_template !== undefined) row.approvalTemplate = dto.approval_template || null;
      if (dto.denial_template !== undefined) row.denialTemplate = dto.denial_template || null;
      await tx.flush();
      const after = await this.get(actor.organizationId, tx);
      const { placeholders: _b, ...was } = before;
      const { placeholders: _a, ...now } = after;
      this.audit.record(tx, actor, 'settings_changed', { subject: 'Warranty decisions', changes: diffChanges(was, now) });
      await tx.flush();
      return after;
    });
  }
}
