import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { ScheduledTask } from '../../common/jobs/job-decorators.js';
import { TenantRunner } from '../../common/tenancy/tenant-runner.js';
import { TwilioClients } from '../../integrations/twilio/twilio-clients.js';
import { Organization } from '../organizations/organization.entity.js';
import { TwilioAccountService } from '../organizations/twilio-account.service.js';
import { BrandPhoneNumber } from './brand-phone-number.entity.js';

export interface NumberSyncResult {
  active: number;
  inactive: number;
}

/**
 * is_active reflects Twilio: a number no longer in the organization's account (released in the
 * console, the account closed) is inactive, and one that is there again is active. Every hour,
 * once across instances; Fix Webhooks marks a number it finds gone at once (PhoneNumbersService).
 */
@Injectable()
export class NumberSyncService {
  private readonly logger = new Logger(NumberSyncService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly tenants: TenantRunner,
    private readonly clients: TwilioClients,
    private readonly twilioAccount: TwilioAccountService,
  ) {}

  @ScheduledTask('phone-numbers.sync', '23 * * * *')
  async syncAll(): Promise<number> {
    const fork = this.em.fork({ clear: true, useContext: false });
    const organizations = await fork.find(Organization, { twilioSubaccountSid: { $ne: null } }, { fields: ['id'], orderBy: { id: 'asc' } });
    let changed = 0;
    for (const { id } of organizations) {
      try {
        const hasNumbers = await this.tenants.run(id, ({ em }) => em.getRepository(BrandPhoneNumber).count());
        if (!hasNumbers) continue;
        const result = await this.sync(id);
        if (result) changed += result.inactive;
      } catch (error) {
        // A Twilio failure says nothing about the numbers: they keep their state until the next run.
        this.logger.warn(`Numbers of organization ${id} not synced: ${(error as Error).message}`);
      }
    }
    return changed;
  }

  /** Reads the account's numbers at Twilio (outside any transaction), then marks ours; null without an account. */
  async sync(organizationId: string): Promise<NumberSyncResult | null> {
    const credentials = await this.twilioAccount.credentials(organizationId, this.em.fork({ clear: true, useContext: false }));
    if (!credentials) return null;
    const owned = await this.clients.forAccount(credentials).incomingPhoneNumbers.list({ pageSize: 1000 });
    const sids = new Set(owned.map((n) => n.sid));
    return this.tenants.run(organizationId, async ({ em }) => {
      const numbers = await em.getRepository(BrandPhoneNumber).all();
      for (const number of numbers) number.isActive = !!number.twilioPhoneSid && sids.has(number.twilioPhoneSid);
      await em.flush();
      const active = numbers.filter((n) => n.isActive).length;
      return { active, inactive: numbers.length - active };
    });
  }
}
