import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { executePrepared } from '../../database/prepared-statements.js';
import type { Organization } from './organization.entity.js';

const TWILIO_ACCOUNT_SQL = 'select id, twilio_subaccount_sid as account_sid, twilio_subaccount_auth_token as sealed_auth_token from organizations where twilio_subaccount_sid = ? limit 1';

/** An organization's id with its Twilio subaccount and sealed token, as a provider callback reads them. */
type TwilioAccountRow = Pick<Organization, 'id' | 'twilioSubaccountSid' | 'twilioSubaccountAuthToken'>;

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

  /**
   * The organization a Twilio subaccount SID belongs to, with its sealed token: every provider
   * callback's first read (issue 32), so one prepared statement on the pool, no entity.
   */
  async byTwilioAccountSid(accountSid: string): Promise<TwilioAccountRow | null> {
    const [row] = await executePrepared<{ id: string; account_sid: string | null; sealed_auth_token: string | null }>(
      this.getEntityManager() as EntityManager,
      TWILIO_ACCOUNT_SQL,
      [accountSid],
    );
    return row ? { id: row.id, twilioSubaccountSid: row.account_sid, twilioSubaccountAuthToken: row.sealed_auth_token } : null;
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
