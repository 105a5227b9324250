import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import type { UpdateA2pDto } from './dto/update-a2p.dto.js';
import { Organization } from './organization.entity.js';
import { A2P_OWNERS_ONLY, A2pOwnersOnlyError, OrganizationNotFoundError } from './organizations.errors.js';
import { TwilioAccountService } from './twilio-account.service.js';

export { A2P_OWNERS_ONLY };

/** The signed-in user's own organization record and its A2P 10DLC registration data. */
@Injectable()
export class OrganizationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly twilioAccount: TwilioAccountService,
  ) {}

  /** Any member may read their own organization; every other id answers 404. */
  async get(actor: Actor, organizationId: string): Promise<Organization> {
    return this.own(actor, organizationId);
  }

  /**
   * Saves the business and contact information (account owner only). The first save moves the
   * registration from not_started to pending_registration; a later status stays as it is. It also
   * creates the organization's Twilio subaccount when it has none (once, under the account lock);
   * a provider failure there is a 502 and nothing is saved.
   */
  async updateA2p(actor: Actor, organizationId: string, dto: UpdateA2pDto): Promise<Organization> {
    if (!actor.isAccountOwner) throw new A2pOwnersOnlyError();
    await this.own(actor, organizationId);
    return this.em.transactional(async (tx) => {
      await this.twilioAccount.lockAccount(tx, organizationId);
      const organization = await tx.getRepository(Organization).fresh(organizationId);
      this.assignA2p(tx, organization, dto);
      await this.twilioAccount.ensureSubaccount(organization);
      return organization;
    });
  }

  private assignA2p(em: EntityManager, organization: Organization, dto: UpdateA2pDto): void {
    em.assign(organization, {
      businessLegalName: dto.business_legal_name,
      businessType: dto.business_type,
      einTaxId: dto.ein_tax_id,
      businessStreet: dto.business_street,
      businessCity: dto.business_city,
      businessState: dto.business_state,
      businessZip: dto.business_zip,
      businessCountry: dto.business_country ?? 'US',
      businessWebsite: dto.business_website ?? null,
      businessIndustry: dto.business_industry,
      businessDescription: dto.business_description,
      contactFirstName: dto.contact_first_name,
      contactLastName: dto.contact_last_name,
      contactEmail: dto.contact_email,
      contactPhone: dto.contact_phone,
      stockExchange: dto.stock_exchange ?? null,
      stockSymbol: dto.stock_symbol ?? null,
    });
    if (organization.a2pStatus === 'not_started') organization.a2pStatus = 'pending_registration';
  }

  /** Organizations are not tenant-scoped rows themselves: the id must be the actor's own. */
  private async own(actor: Actor, organizationId: string): Promise<Organization> {
    const organization = organizationId === actor.organizationId
      ? await this.em.getRepository(Organization).byId(organizationId)
      : null;
    if (!organization) throw new OrganizationNotFoundError();
    return organization;
  }
}
