import { Injectable } from '@nestjs/common';
import { type ChannelListener, LiveHub } from '../../common/live/live-hub.js';
import { INTAKE_CACHE_CHANNEL } from './intake-cache-triggers.js';
import type { TicketIntake } from './settings.service.js';

/** How long an organization's intake settings are served from memory at most. */
export const INTAKE_CACHE_TTL_MS = 30_000;
/** Organizations held at most; the least recently used go first. */
export const INTAKE_CACHE_MAX_ENTRIES = 10_000;

/**
 * A short-lived, bounded, in-process cache of each organization's intake settings (what
 * SettingsService.ticketIntake reads for every create: its country, ticket brand, response hours
 * and questions), so a create costs no round trip for them (issue 32). Every instance drops an
 * organization's entry when the database says so: triggers on "system_settings" and
 * "organizations" NOTIFY INTAKE_CACHE_CHANNEL at commit (intake-cache-triggers.ts), which LiveHub's
 * one LISTEN connection delivers here; the instance that saved the settings also drops at once.
 *
 * As the session cache does: a read racing an invalidation is not kept (`put` takes the generation
 * seen before the read), and without the LISTEN connection nothing is served or kept.
 */
@Injectable()
export class IntakeCache implements ChannelListener {
  private readonly entries = new Map<string, { value: TicketIntake; until: number }>();
  private generation = 0;
  private enabled = false;

  constructor(hub: LiveHub) {
    hub.listenOn(INTAKE_CACHE_CHANNEL, this);
  }

  /** Whether the cache serves reads (the LISTEN connection is up). */
  get active(): boolean {
    return this.enabled;
  }

  /** Reads taken at this generation may be kept (see put). */
  get token(): number {
    return this.generation;
  }

  get(organizationId: string, now = Date.now()): TicketIntake | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(organizationId);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(organizationId);
      return undefined;
    }
    this.entries.delete(organizationId);
    this.entries.set(organizationId, entry);
    return entry.value;
  }

  /** Keeps a read made at `token`, unless something was dropped since (it may predate that change). */
  put(organizationId: string, value: TicketIntake, token: number, now = Date.now()): void {
    if (!this.enabled || token !== this.generation) return;
    this.entries.delete(organizationId);
    this.entries.set(organizationId, { value, until: now + INTAKE_CACHE_TTL_MS });
    while (this.entries.size > INTAKE_CACHE_MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }

  drop(...organizationIds: string[]): void {
    this.generation++;
    for (const id of organizationIds) this.entries.delete(id);
  }

  /** A notification of INTAKE_CACHE_CHANNEL (ChannelListener): the organization's id. */
  message(payload: string): void {
    this.drop(payload);
  }

  /** The LISTEN connection is up or lost (ChannelListener): either way, start empty. */
  listening(on: boolean): void {
    this.generation++;
    this.entries.clear();
    this.enabled = on;
  }
}
