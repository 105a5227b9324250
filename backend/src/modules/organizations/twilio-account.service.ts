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
        // A real account connected while the simulation was on replaces the link it kept.
        organization.twilioLinkBeforeSimulation = null;
        return organization;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new TwilioAccountTakenError();
      throw error;
    }
  }

  /**
   * The built-in phone simulation goes on (issue 34): its account becomes the organization's Twilio
   * link (origin 'simulated'), and the link it replaces (a real account, or none) is kept, tokens
   * still sealed, until `endSimulation`. Already on: the simulation's account is linked again.
   */
  async startSimulation(actor: Actor, credentials: TwilioCredentials): Promise<void> {
    await this.em.transactional(async (tx) => {
      await this.lockAccount(tx, actor.organizationId);
      const organization = await tx.getRepository(Organization).fresh(actor.organizationId);
      if (organization.subaccountOrigin !== 'simulated') {
        organization.twilioLinkBeforeSimulation = {
          accountSid: organization.twilioSubaccountSid ?? null,
          authToken: organization.twilioSubaccountAuthToken ?? null,
          origin: organization.subaccountOrigin ?? null,
          importedAt: organization.importedAt?.toISOString() ?? null,
          apiKeySid: organization.twilioApiKeySid ?? null,
          apiKeySecret: organization.twilioApiKeySecret ?? null,
          twimlAppSid: organization.twilioTwimlAppSid ?? null,
        };
      }
      if (organization.twilioSubaccountSid !== credentials.accountSid) {
        organization.twilioApiKeySid = null;
        organization.twilioApiKeySecret = null;
        organization.twilioTwimlAppSid = null;
      }
      organization.twilioSubaccountSid = credentials.accountSid;
      organization.twilioSubaccountAuthToken = this.secrets.seal(credentials.authToken);
      organization.subaccountOrigin = 'simulated';
      organization.importedAt = new Date();
    });
  }

  /** The simulation goes off: the link it replaced comes back (none when there was none). Off already: nothing changes. */
  async endSimulation(actor: Actor): Promise<void> {
    await this.em.transactional(async (tx) => {
      await this.lockAccount(tx, actor.organizationId);
      const organization = await tx.getRepository(Organization).fresh(actor.organizationId);
      if (organization.subaccountOrigin !== 'simulated') return;
      const before = organization.twilioLinkBeforeSimulation;
      organization.twilioSubaccountSid = before?.accountSid ?? null;
      organization.twilioSubaccountAuthToken = before?.authToken ?? null;
      organization.subaccountOrigin = before?.origin ?? null;
      organization.importedAt = before?.importedAt ? new Date(before.importedAt) : null;
      organization.twilioApiKeySid = before?.apiKeySid ?? null;
      organization.twilioApiKeySecret = before?.apiKeySecret ?? null;
      organization.twilioTwimlAppSid = before?.twimlAppSid ?? null;
      organization.twilioLinkBeforeSimulation = null;
    });
  }

  /** The simulation's account SID while the simulation is on for the organization, else null. */
  async simulatedAccountSid(organizationId: string): Promise<string | null> {
    const link = await this.em.getRepository(Organization).twilioLinkOf(organizationId);
    return link?.subaccountOrigin === 'simulated' ? (link.twilioSubaccountSid ?? null) : null;
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
