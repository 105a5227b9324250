import { EntityRepository } from '@mikro-orm/postgresql';
import type { Organization } from './organization.entity.js';

/** The organizations' queries (`em.getRepository(Organization)`); organizations are not tenant rows. */
export class OrganizationRepository extends EntityRepository<Organization> {
  byId(id: string): Promise<Organization | null> {
    return this.findOne({ id });
  }

  /** The row read again from the database (inside a transaction that locked the account first). */
  fresh(id: string): Promise<Organization> {
    return this.findOneOrFail({ id }, { refresh: true });
  }

  /** Only the Twilio subaccount's SID and sealed token. */
  twilioCredentialsOf(id: string) {
    return this.findOne({ id }, { fields: ['twilioSubaccountSid', 'twilioSubaccountAuthToken'] });
  }

  /** Only the linked account's SID and where it comes from (created, imported, simulated). */
  twilioLinkOf(id: string) {
    return this.findOne({ id }, { fields: ['twilioSubaccountSid', 'subaccountOrigin'] });
  }

  /** The organization a Twilio subaccount SID belongs to, with its sealed token. */
  byTwilioAccountSid(accountSid: string) {
    return this.findOne({ twilioSubaccountSid: accountSid }, { fields: ['id', 'twilioSubaccountSid', 'twilioSubaccountAuthToken'] });
  }

  /** Only the name (the organization must exist). */
  nameOf(id: string) {
    return this.findOneOrFail({ id }, { fields: ['name'] });
  }

  /** Only the business country (phone numbers are read in it). */
  countryOf(id: string) {
    return this.findOne({ id }, { fields: ['businessCountry'] });
  }
}
