import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { type TwilioClient, TwilioClients, type TwilioCredentials } from '../../integrations/twilio/twilio-clients.js';
import { isTwilioRestError, providerFailure } from '../../integrations/twilio/twilio-errors.js';
import type { TwilioCredentialsDto } from './dto/twilio-credentials.dto.js';
import { Organization } from './organization.entity.js';
import {
  A2P_FAILED,
  CONNECT_FAILED,
  TwilioAccountInactiveError,
  TwilioAccountTakenError,
  TwilioCredentialsRejectedError,
  TwilioNotConnectedError,
} from './organizations.errors.js';

export { A2P_FAILED, ACCOUNT_TAKEN, CONNECT_FAILED, CREDENTIALS_REJECTED, NOT_CONNECTED } from './organizations.errors.js';

/** The organization a Twilio account belongs to, with the account's credentials. */
export interface LinkedAccount extends TwilioCredentials {
  organizationId: string;
}

/**
 * The organization's link to a Twilio account: imported (the user's own credentials) or created
 * (a subaccount of the platform account, made when the A2P registration is first saved). Tokens
 * are stored sealed and never leave the server.
 */
@Injectable()
export class TwilioAccountService {
  private readonly logger = new Logger(TwilioAccountService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly clients: TwilioClients,
    private readonly secrets: SecretBox,
  ) {}

  /**
   * Verifies the credentials by fetching the account through the SDK, then links it. Wrong
   * credentials are a 400 and an unreachable Twilio a 502; either way nothing is stored.
   */
  async connect(actor: Actor, dto: TwilioCredentialsDto): Promise<Organization> {
    const credentials = { accountSid: dto.twilio_account_sid, authToken: dto.twilio_auth_token };
    let status: string;
    try {
      status = (await this.clients.forAccount(credentials).api.v2010.accounts(credentials.accountSid).fetch()).status;
    } catch (error) {
      if (isTwilioRestError(error) && (error.status === 401 || error.status === 403 || error.status === 404)) {
        throw new TwilioCredentialsRejectedError();
      }
      throw providerFailure('Connect Twilio account', error, CONNECT_FAILED);
    }
    if (status !== 'active') throw new TwilioAccountInactiveError(status);

    try {
      return await this.em.transactional(async (tx) => {
        await this.lockAccount(tx, actor.organizationId);
        const organization = await tx.getRepository(Organization).fresh(actor.organizationId);
        if (organization.twilioSubaccountSid !== credentials.accountSid) {
          // The Voice SDK key and TwiML app belonged to the previous account.
          organization.twilioApiKeySid = null;
          organization.twilioApiKeySecret = null;
          organization.twilioTwimlAppSid = null;
        }
        organization.twilioSubaccountSid = credentials.accountSid;
        organization.twilioSubaccountAuthToken = this.secrets.seal(credentials.authToken);
        organization.subaccountOrigin = 'imported';
        organization.importedAt = new Date();
        return organization;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new TwilioAccountTakenError();
      throw error;
    }
  }

  /**
   * Serialises the changes to one organization's Twilio account (subaccount, API key, TwiML app)
   * until the transaction ends. An advisory lock rather than the organization's row lock: the
   * provider calls made under it must not hold up ticket numbering, which updates that row.
   * Read the organization again (refresh) after taking it.
   */
  async lockAccount(tx: EntityManager, organizationId: string): Promise<void> {
    await tx.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`twilio-account:${organizationId}`]);
  }

  /**
   * Inside the A2P save's transaction, under lockAccount: creates the subaccount
   * under the platform account when the organization has no Twilio account yet. The lock makes
   * a second, racing save wait and then find the subaccount already there.
   */
  async ensureSubaccount(organization: Organization): Promise<void> {
    if (organization.twilioSubaccountSid) return;
    const platform = this.clients.platform();
    if (!platform) return;
    try {
      const created = await platform.api.v2010.accounts.create({ friendlyName: organization.name.slice(0, 64) });
      organization.twilioSubaccountSid = created.sid;
      organization.twilioSubaccountAuthToken = this.secrets.seal(created.authToken);
      organization.subaccountOrigin = 'created';
      organization.importedAt = null;
      this.logger.log(`Created Twilio subaccount ${created.sid} for organization ${organization.id}`);
    } catch (error) {
      throw providerFailure('Create Twilio subaccount', error, A2P_FAILED, { passMessage: true });
    }
  }

  /** The organization's Twilio credentials, or null when it has no account linked. */
  async credentials(organizationId: string, em: EntityManager = this.em): Promise<TwilioCredentials | null> {
    const organization = await em.getRepository(Organization).twilioCredentialsOf(organizationId);
    return this.credentialsOf(organization);
  }

  /**
   * Which organization a provider callback's AccountSid belongs to (organizations are not tenant
   * rows, so this is a plain lookup on the unique SID), with the token that must have signed it.
   */
  async byAccountSid(accountSid: string, em: EntityManager = this.em): Promise<LinkedAccount | null> {
    const organization = await em.getRepository(Organization).byTwilioAccountSid(accountSid);
    const credentials = this.credentialsOf(organization);
    return organization && credentials ? { organizationId: organization.id, ...credentials } : null;
  }

  credentialsOf(organization: Pick<Organization, 'twilioSubaccountSid' | 'twilioSubaccountAuthToken'> | null): TwilioCredentials | null {
    if (!organization?.twilioSubaccountSid || !organization.twilioSubaccountAuthToken) return null;
    return { accountSid: organization.twilioSubaccountSid, authToken: this.secrets.open(organization.twilioSubaccountAuthToken) };
  }

  /** An SDK client on the organization's account; 400 when none is connected yet. */
  async client(organizationId: string, em: EntityManager = this.em): Promise<{ client: TwilioClient; credentials: TwilioCredentials }> {
    const credentials = await this.credentials(organizationId, em);
    if (!credentials) throw new TwilioNotConnectedError();
    return { client: this.clients.forAccount(credentials), credentials };
  }
}
