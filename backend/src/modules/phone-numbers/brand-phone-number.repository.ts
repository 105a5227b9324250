import { EntityRepository } from '@mikro-orm/postgresql';
import type { BrandPhoneNumber } from './brand-phone-number.entity.js';

/** Who holds a phone number in the app (any organization): the unique column's owner. */
export interface NumberHolder {
  organizationId: string;
  isActive: boolean;
}

/** The phone numbers' queries (the entity's MikroORM repository: `em.getRepository(BrandPhoneNumber)`). */
export class BrandPhoneNumberRepository extends EntityRepository<BrandPhoneNumber> {
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
