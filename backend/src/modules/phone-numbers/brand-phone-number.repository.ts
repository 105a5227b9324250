import { EntityRepository } from '@mikro-orm/postgresql';
import type { BrandPhoneNumber } from './brand-phone-number.entity.js';

/** Who holds a phone number in the app (any organization): the unique column's owner. */
export interface NumberHolder {
  organizationId: string;
  isActive: boolean;
}

/** The brand numbers' queries (`em.getRepository(BrandPhoneNumber)`), scoped by the tenant filter. */
export class BrandPhoneNumberRepository extends EntityRepository<BrandPhoneNumber> {
  /** A page of the organization's numbers, oldest first, and their total. */
  page(organizationId: string, offset: number, limit: number): Promise<[BrandPhoneNumber[], number]> {
    return this.findAndCount({ organization: organizationId }, { orderBy: { createdAt: 'asc', id: 'asc' }, offset, limit });
  }

  /** The organization's number of this id. */
  ofOrganization(organizationId: string, id: string): Promise<BrandPhoneNumber | null> {
    return this.findOne({ id, organization: organizationId });
  }

  byId(id: string): Promise<BrandPhoneNumber | null> {
    return this.findOne({ id });
  }

  /** The number with this E.164 phone number (of the organization when given, else of the tenant). */
  byPhoneNumber(phoneNumber: string, organizationId?: string): Promise<BrandPhoneNumber | null> {
    return this.findOne(organizationId ? { phoneNumber, organization: organizationId } : { phoneNumber });
  }

  /** Only the brand of the number with this E.164 phone number (of the tenant), or null. */
  brandOf(phoneNumber: string) {
    return this.findOne({ phoneNumber }, { fields: ['brand'] });
  }

  /** How many numbers have this E.164 phone number (of the organization when given, else of the tenant). */
  countWithPhoneNumber(phoneNumber: string, organizationId?: string): Promise<number> {
    return this.count(organizationId ? { phoneNumber, organization: organizationId } : { phoneNumber });
  }

  /** Every number of the tenant. */
  all(): Promise<BrandPhoneNumber[]> {
    return this.findAll();
  }

  /** Every number of the organization, oldest first. */
  ofOrganizationOldestFirst(organizationId: string): Promise<BrandPhoneNumber[]> {
    return this.find({ organization: organizationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /**
   * The row holding this number in ANY organization (phone_number is unique across them), read
   * before a purchase or an import reaches Twilio: only its organization and state leave here.
   */
  async holderOf(phoneNumber: string): Promise<NumberHolder | null> {
    const row = await this.findOne({ phoneNumber }, { filters: false, fields: ['organization', 'isActive'] });
    if (!row) return null;
    return { organizationId: row.organization.id, isActive: row.isActive };
  }
}
