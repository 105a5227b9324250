import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { ScheduledTask } from '../../common/jobs/job-decorators.js';
import { TwilioClients } from '../../integrations/twilio/twilio-clients.js';
import { type A2pStatus, Organization } from './organization.entity.js';
import { A2pReadFailedError, OrganizationNotFoundError, TwilioNotConnectedError } from './organizations.errors.js';
import { TwilioAccountService } from './twilio-account.service.js';

/** What Twilio's brand registration says about the A2P registration, in our statuses. */
export interface A2pReading {
  brandSid: string;
  status: A2pStatus;
  failureReason: string | null;
}

/** Twilio's BrandRegistration status as ours; null keeps ours (nothing to say). */
export function a2pStatusOf(twilioStatus: string): A2pStatus | null {
  switch (twilioStatus) {
    case 'APPROVED':
      return 'approved';
    case 'FAILED':
    case 'SUSPENDED':
    case 'DELETION_PENDING':
    case 'DELETION_FAILED':
      return 'failed';
    case 'PENDING':
    case 'IN_REVIEW':
      return 'pending_registration';
    default:
      return null;
  }
}

const FALLBACK_REASONS: Record<string, string> = {
  SUSPENDED: 'Twilio suspended the brand registration',
  DELETION_PENDING: 'The brand registration is being deleted at Twilio',
  DELETION_FAILED: 'The brand registration is being deleted at Twilio',
  FAILED: 'Twilio rejected the brand registration',
};

/**
 * The A2P 10DLC registration is finished in Twilio's console; its status is read back from the
 * organization's account (Messaging v1 BrandRegistrations, through the SDK) every half hour, once
 * across instances: approved, or failed with Twilio's reason.
 */
@Injectable()
export class A2pSyncService {
  private readonly logger = new Logger(A2pSyncService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly clients: TwilioClients,
    private readonly twilioAccount: TwilioAccountService,
  ) {}

  @ScheduledTask('organizations.a2p-sync', '7,37 * * * *')
  async syncAll(): Promise<number> {
    const fork = this.em.fork({ clear: true, useContext: false });
    const organizations = await fork.find(Organization, { twilioSubaccountSid: { $ne: null } }, { fields: ['id'], orderBy: { id: 'asc' } });
    let synced = 0;
    for (const { id } of organizations) {
      try {
        if (await this.sync(id)) synced += 1;
      } catch (error) {
        // One organization's Twilio trouble does not hold up the others; the next run tries again.
        this.logger.warn(`A2P status of organization ${id} not read: ${(error as Error).message}`);
      }
    }
    return synced;
  }

  /** "Check with Twilio now" (any member of the organization): the same read as the schedule's, then the record. */
  async refresh(actor: Actor, organizationId: string): Promise<Organization> {
    if (organizationId !== actor.organizationId) throw new OrganizationNotFoundError();
    const fork = this.em.fork({ clear: true, useContext: false });
    const organization = await fork.findOne(Organization, { id: organizationId });
    if (!organization) throw new OrganizationNotFoundError();
    if (!this.twilioAccount.credentialsOf(organization)) throw new TwilioNotConnectedError();
    try {
      await this.sync(organizationId);
    } catch (error) {
      this.logger.warn(`A2P status of organization ${organizationId} not read: ${(error as Error).message}`);
      throw new A2pReadFailedError();
    }
    return fork.findOneOrFail(Organization, { id: organizationId }, { refresh: true });
  }

  /** Reads the organization's brand registration at Twilio and keeps its status; false when it has none yet. */
  async sync(organizationId: string): Promise<boolean> {
    const fork = this.em.fork({ clear: true, useContext: false });
    const organization = await fork.findOneOrFail(Organization, { id: organizationId });
    const credentials = this.twilioAccount.credentialsOf(organization);
    if (!credentials) return false;
    const brands = await this.clients.forAccount(credentials).messaging.v1.brandRegistrations.list({ limit: 50 });
    const brand = brands.find((b) => b.sid === organization.a2pBrandId)
      ?? [...brands].sort((a, b) => new Date(b.dateCreated).getTime() - new Date(a.dateCreated).getTime())[0];
    organization.a2pCheckedAt = new Date();
    const status = brand ? a2pStatusOf(brand.status) : null;
    if (brand && status) {
      organization.a2pBrandId = brand.sid;
      organization.a2pStatus = status;
      organization.a2pFailureReason = status === 'failed' ? reasonOf(brand) : null;
    }
    await fork.flush();
    return Boolean(brand && status);
  }
}

function reasonOf(brand: { status: string; failureReason?: string | null; errors?: Array<{ description?: string }> | null }): string {
  const described = brand.errors?.map((e) => e?.description).filter(Boolean).join('; ');
  return (brand.failureReason || described || FALLBACK_REASONS[brand.status] || 'Twilio rejected the brand registration').slice(0, 2000);
}
