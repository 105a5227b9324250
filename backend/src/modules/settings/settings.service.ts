import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { ValidationFailedException } from '../../common/errors/app-exception.js';
import { DEFAULT_RESPONSE_HOURS, recordingNoticeText, type ResponseKind } from '@warranty-crm/contract';
import { DomainEvents } from '../../common/events/domain-event.js';
import { RecordingNoticeChangedEvent } from './events/recording-notice-changed.event.js';
import { DEFAULT_PHONE_COUNTRY } from '../customers/phone.js';
import { AuditLogService } from '../audit-log/audit-log.service.js';
import { diffChanges } from '../audit-log/changes.js';
import { normalizeBrands, resolveTicketBrand } from './brands.js';
import type { SettingsResponseDto, UpdateSettingsDto } from './dto/settings.dto.js';
import { Product } from './product.entity.js';
import { BrandHasProductsError } from './products/products.errors.js';
import { IntakeCache } from './intake-cache.js';
import { SystemSettings, TICKET_FIELDS } from './system-settings.entity.js';

/** The form's default SMTP port (spec part 2 section 9). */
export const DEFAULT_SMTP_PORT = 587;

export function toSettingsResponse(s: SystemSettings): SettingsResponseDto {
  return {
    brands: s.brands,
    ticket_brand: s.ticketBrand ?? null,
    ticket_fields_enabled: s.ticketFieldsEnabled,
    retell_agent_id: s.retellAgentId ?? null,
    retell_api_key_set: !!s.retellApiKey,
    smtp_host: s.smtpHost ?? null,
    smtp_port: s.smtpPort ?? DEFAULT_SMTP_PORT,
    smtp_username: s.smtpUsername ?? null,
    smtp_password_set: !!s.smtpPassword,
    smtp_from_email: s.smtpFromEmail ?? null,
    smtp_from_name: s.smtpFromName ?? null,
    twilio_account_sid: s.twilioAccountSid ?? null,
    twilio_auth_token_set: !!s.twilioAuthToken,
    twilio_phone_number: s.twilioPhoneNumber ?? null,
    warranty_response_hours: s.warrantyResponseHours,
    support_response_hours: s.supportResponseHours,
    recording_notice_enabled: s.recordingNoticeEnabled,
    recording_notice_text: recordingNoticeText(s.recordingNoticeText),
    updated_at: s.updatedAt,
  };
}

/** The settings the audit log compares; secrets by their sealed value, which is never recorded. */
const SECRET_SETTINGS = ['smtp_password', 'retell_api_key'] as const;

function auditedSettings(s: SystemSettings): Record<string, unknown> {
  return {
    brands: [...s.brands],
    ticket_brand: s.ticketBrand ?? null,
    ticket_fields_enabled: [...s.ticketFieldsEnabled],
    retell_agent_id: s.retellAgentId ?? null,
    smtp_host: s.smtpHost ?? null,
    smtp_port: s.smtpPort ?? DEFAULT_SMTP_PORT,
    smtp_username: s.smtpUsername ?? null,
    smtp_from_email: s.smtpFromEmail ?? null,
    smtp_from_name: s.smtpFromName ?? null,
    warranty_response_hours: s.warrantyResponseHours,
    support_response_hours: s.supportResponseHours,
    recording_notice_enabled: s.recordingNoticeEnabled,
    recording_notice_text: s.recordingNoticeText ?? null,
    smtp_password: s.smtpPassword ?? null,
    retell_api_key: s.retellApiKey ?? null,
  };
}

/** "" or null clears a text setting; undefined leaves it alone. */
function textOrNull(value: string | null | undefined, current: string | null | undefined): string | null {
  if (value === undefined) return current ?? null;
  return value === '' ? null : value;
}

/** See SettingsService.ticketIntake. */
export interface TicketIntake {
  readonly phoneCountry: string;
  readonly defaultBrand: string | null;
  readonly responseHours: Readonly<Record<ResponseKind, number>>;
  /** The ticket questions the organization asks (as ticketQuestions). */
  readonly questions: readonly string[];
}

@Injectable()
export class SettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly secrets: SecretBox,
    private readonly auditLog: AuditLogService,
    private readonly events: DomainEvents,
    private readonly intakeCache: IntakeCache,
  ) {}

  /**
   * The organization's settings row, created with defaults on first use. The insert ignores a row a
   * concurrent request created first, so two first requests never collide.
   */
  async forOrganization(organizationId: string, em: EntityManager = this.em): Promise<SystemSettings> {
    return em.getRepository(SystemSettings).ensure(organizationId, TICKET_FIELDS);
  }

  async get(actor: Actor): Promise<SettingsResponseDto> {
    return toSettingsResponse(await this.forOrganization(actor.organizationId));
  }

  /**
   * What a new ticket reads of its organization, in one query on `em` (a create's transaction):
   * the country its customers' phone numbers are read in, the default ticket brand, and the
   * promised response hours per kind.
   */
  async ticketIntake(organizationId: string, em: EntityManager = this.em): Promise<TicketIntake> {
    // Outside a transaction, from memory when this instance read it lately (IntakeCache); a
    // transaction reads it itself, so it sees its own writes.
    const cached = em.isInTransaction() ? undefined : this.intakeCache.get(organizationId);
    if (cached) return cached;
    const token = this.intakeCache.token;
    const row = await em.getRepository(SystemSettings).intake();
    const intake: TicketIntake = Object.freeze({
      phoneCountry: row?.business_country || DEFAULT_PHONE_COUNTRY,
      defaultBrand: row?.ticket_brand ?? null,
      responseHours: Object.freeze({
        warranty: row?.warranty_response_hours ?? DEFAULT_RESPONSE_HOURS.warranty,
        technical_support: row?.support_response_hours ?? DEFAULT_RESPONSE_HOURS.technical_support,
      }),
      questions: Object.freeze(row?.ticket_fields_enabled ? [...row.ticket_fields_enabled] : [...TICKET_FIELDS]),
    });
    if (!em.isInTransaction()) this.intakeCache.put(organizationId, intake, token);
    return intake;
  }

  /** The ticket questions the organization asks (settings.ticket_fields_enabled); all six before it saved any settings. */
  async ticketQuestions(organizationId: string, em: EntityManager = this.em): Promise<string[]> {
    return (await em.getRepository(SystemSettings).ticketQuestions(organizationId)) ?? [...TICKET_FIELDS];
  }

  async update(actor: Actor, dto: UpdateSettingsDto): Promise<SettingsResponseDto> {
    const settings = await this.forOrganization(actor.organizationId);

    let brands = settings.brands;
    if (dto.brands !== undefined) {
      const result = normalizeBrands(dto.brands);
      if ('error' in result) throw new ValidationFailedException([result.error]);
      brands = result.brands;
    }
    const removed = settings.brands.filter((brand) => !brands.includes(brand));
    const saved = await this.em.transactional((tx) => this.applyUpdate(tx, actor, dto, brands, removed.length > 0));
    // This instance's next create reads the new settings at once (the others on the notification).
    this.intakeCache.drop(actor.organizationId);
    return saved;
  }

  /**
   * Writes the update. A brand is removed only when it has no products left (issue 26: products of a
   * removed brand stayed behind, unreachable): the settings row is taken FOR UPDATE first, so a
   * product being added to the brand (ProductsService, FOR SHARE) is either counted or sees the brand gone.
   */
  private async applyUpdate(em: EntityManager, actor: Actor, dto: UpdateSettingsDto, brands: string[], lock: boolean): Promise<SettingsResponseDto> {
    const settings = await em.getRepository(SystemSettings).of(actor.organizationId, lock ? 'update' : null);
    const removed = settings.brands.filter((b) => !brands.includes(b));
    if (removed.length) {
      const left = await em.getRepository(Product).brandsAmong(actor.organizationId, removed);
      if (left.length) throw new BrandHasProductsError(left[0]!.brand, left.filter((p) => p.brand === left[0]!.brand).length);
    }
    const before = auditedSettings(settings);
    const brand = resolveTicketBrand(brands, settings.ticketBrand, dto.ticket_brand);
    if ('error' in brand) throw new ValidationFailedException([brand.error]);
    settings.brands = brands;
    settings.ticketBrand = brand.ticketBrand;

    if (dto.ticket_fields_enabled !== undefined) {
      // Kept in the catalogue's order, each once.
      settings.ticketFieldsEnabled = TICKET_FIELDS.filter((field) => dto.ticket_fields_enabled!.includes(field));
    }

    settings.retellAgentId = textOrNull(dto.retell_agent_id, settings.retellAgentId);
    settings.smtpHost = textOrNull(dto.smtp_host, settings.smtpHost);
    settings.smtpUsername = textOrNull(dto.smtp_username, settings.smtpUsername);
    settings.smtpFromEmail = textOrNull(dto.smtp_from_email, settings.smtpFromEmail);
    settings.smtpFromName = textOrNull(dto.smtp_from_name, settings.smtpFromName);
    if (dto.smtp_port !== undefined) settings.smtpPort = dto.smtp_port;
    if (dto.warranty_response_hours !== undefined) settings.warrantyResponseHours = dto.warranty_response_hours;
    if (dto.support_response_hours !== undefined) settings.supportResponseHours = dto.support_response_hours;
    settings.smtpPassword = this.nextSecret(dto.smtp_password, settings.smtpPassword);
    settings.retellApiKey = this.nextSecret(dto.retell_api_key, settings.retellApiKey);

    if (dto.recording_notice_enabled !== undefined) settings.recordingNoticeEnabled = dto.recording_notice_enabled;
    settings.recordingNoticeText = textOrNull(dto.recording_notice_text, settings.recordingNoticeText);

    const changes = diffChanges(before, auditedSettings(settings), SECRET_SETTINGS);
    if (changes.length) this.auditLog.record(em, actor, 'settings_changed', { subject: 'settings', changes });
    await em.flush();
    // The agent's opening at Retell says the notice (or no longer does): after the commit.
    const opening = ['recording_notice_enabled', 'recording_notice_text', 'retell_agent_id', 'retell_api_key'];
    if (changes.some((c) => opening.includes(c.field))) await this.events.publish(em, new RecordingNoticeChangedEvent(actor.organizationId));
    return toSettingsResponse(settings);
  }

  /** A write-only secret: omitted or "" keeps the stored one, null clears it, text replaces it (sealed). */
  private nextSecret(value: string | null | undefined, current: string | null | undefined): string | null {
    if (value === null) return null;
    if (value === undefined || value === '') return current ?? null;
    return this.secrets.seal(value);
  }

  /** The recording notice when it is on (said before the voicemail greeting and at the agent's opening), else null. */
  async recordingNotice(organizationId: string, em: EntityManager = this.em): Promise<string | null> {
    const row = await em.getRepository(SystemSettings).ofOrganization(organizationId);
    return row?.recordingNoticeEnabled ? recordingNoticeText(row.recordingNoticeText) : null;
  }

  /** The organization's Retell API key in clear, for verifying Retell's signatures; null when unset. */
  async retellApiKey(organizationId: string, em: EntityManager = this.em): Promise<string | null> {
    return this.secrets.openOptional(await em.getRepository(SystemSettings).sealedRetellKey(organizationId));
  }
}
