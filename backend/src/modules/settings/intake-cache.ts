import { Injectable } from '@nestjs/common';
import { LiveHub } from '../../common/live/live-hub.js';
import { NotifiedCache } from '../../common/live/notified-cache.js';
import { INTAKE_CACHE_CHANNEL } from './intake-cache-triggers.js';
import type { TicketIntake } from './settings.service.js';

/** How long an organization's intake settings are served from memory at most. */
export const INTAKE_CACHE_TTL_MS = 30_000;
/** Organizations held at most; the least recently used go first. */
export const INTAKE_CACHE_MAX_ENTRIES = 10_000;

/**
 * A short-lived, bounded, in-process cache of each organization's intake settings (what
 * SettingsService.ticketIntake reads for every create: its country, ticket brand, response hours
 * and questions), so a create costs no round trip for them (issue 32), keyed by the organization's
 * id. Every instance drops an organization's entry when the database says so: triggers on
 * "system_settings" and "organizations" NOTIFY INTAKE_CACHE_CHANNEL at commit
 * (intake-cache-triggers.ts); the instance that saved the settings also drops at once.
 */
@Injectable()
export class IntakeCache extends NotifiedCache<TicketIntake> {
  constructor(hub: LiveHub) {
    super(hub, INTAKE_CACHE_CHANNEL, INTAKE_CACHE_TTL_MS, INTAKE_CACHE_MAX_ENTRIES);
  }
}
