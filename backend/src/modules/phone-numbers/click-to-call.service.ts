import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import twilio from 'twilio';
import type { Actor } from '../../common/auth/actor.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { TenantRunner } from '../../common/tenancy/tenant-runner.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { providerFailure } from '../../integrations/twilio/twilio-errors.js';
import { CallLog } from '../call-logs/call-log.entity.js';
import { DEFAULT_PHONE_COUNTRY, normalizePhone } from '../customers/phone.js';
import { Organization } from '../organizations/organization.entity.js';
import { TwilioAccountService } from '../organizations/twilio-account.service.js';
import { User } from '../users/user.entity.js';
import { BrandPhoneNumber } from './brand-phone-number.entity.js';
import type { MakeCallDto, MakeCallResponseDto, VoiceTokenResponseDto } from './dto/make-call.dto.js';
import { LAUNCHER_PHONE, MESSAGES, stripPhone, toE164 } from './phone-options.js';
import { AgentPhoneMissingError, InvalidAgentPhoneError, NumberNotOwnedError, ProfilePhoneInvalidError } from './phone-numbers.errors.js';
import { type TwilioCallback, TwilioSignatureService } from './twilio-signature.service.js';
import { webhookUrl } from './webhook-urls.js';

const TOKEN_TTL_SECONDS = 3600;
const VOICE_TOKEN_FAILED = 'Could not prepare in-browser calling';

/**
 * Click-to-call. With a phone, Twilio rings the agent first and, when they answer, our outbound
 * TwiML dials the customer with the organization's number as caller ID. With `computer`, the
 * browser's Voice SDK (token from voice-token) calls the TwiML app, whose voice URL is the same
 * outbound TwiML. Either way the call is logged as call_type "call".
 */
@Injectable()
export class ClickToCallService {
  private readonly logger = new Logger(ClickToCallService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly twilioAccount: TwilioAccountService,
    private readonly secrets: SecretBox,
    private readonly tenants: TenantRunner,
    private readonly signatures: TwilioSignatureService,
  ) {}

  async makeCall(actor: Actor, dto: MakeCallDto): Promise<MakeCallResponseDto> {
    const from = toE164(dto.from);
    const to = toE164(dto.to);
    const number = await this.em.getRepository(BrandPhoneNumber).byPhoneNumber(from, actor.organizationId);
    if (!number) throw new NumberNotOwnedError();
    const agentPhone = dto.agentPhone ?? (await this.profilePhone(actor));
    if (!agentPhone) throw new AgentPhoneMissingError();

    const agentNumber = agentPhone === 'computer' ? null : await this.agentNumber(actor, agentPhone);

    const log = this.em.create(CallLog, {
      organization: actor.organizationId,
      callType: 'call',
      brandPhone: number,
      brand: number.brand ?? null,
      fromPhone: from,
      toPhone: to,
      isRead: true,
    });

    if (agentPhone === 'computer') {
      await this.em.flush();
      return {
        success: true,
        message: `Connecting agent to ${to}`,
        mode: 'computer',
        call_log_id: log.id,
        call_sid: null,
        params: { To: to, CallerId: from, CallLogId: log.id },
      };
    }

    const { client } = await this.twilioAccount.client(actor.organizationId);
    try {
      const call = await client.calls.create({
        to: agentNumber!,
        from,
        url: webhookUrl(this.config.publicBaseUrl, 'outbound', { To: to, CallerId: from }),
        method: 'POST',
      });
      log.callSid = call.sid;
    } catch (error) {
      this.em.remove(log);
      throw providerFailure('Make call', error, MESSAGES.callFailed, { passMessage: true });
    }
    await this.em.flush();
    return { success: true, message: `Connecting agent to ${to}`, mode: 'phone', call_log_id: log.id, call_sid: log.callSid ?? null };
  }

  /**
   * A Voice SDK access token for the signed-in user. The organization's API key and TwiML app are
   * created at Twilio on first use (under the organization's account lock, so once) and reused.
   */
  async voiceToken(actor: Actor): Promise<VoiceTokenResponseDto> {
    const { client, credentials } = await this.twilioAccount.client(actor.organizationId);
    const app = await this.em.transactional(async (tx) => {
      await this.twilioAccount.lockAccount(tx, actor.organizationId);
      const organization = await tx.getRepository(Organization).fresh(actor.organizationId);
      try {
        if (!organization.twilioApiKeySid || !organization.twilioApiKeySecret) {
          const key = await client.newKeys.create({ friendlyName: 'Warranty CRM in-browser calling' });
          organization.twilioApiKeySid = key.sid;
          organization.twilioApiKeySecret = this.secrets.seal(key.secret);
        }
        if (!organization.twilioTwimlAppSid) {
          const application = await client.applications.create({
            friendlyName: 'Warranty CRM click-to-call',
            voiceUrl: webhookUrl(this.config.publicBaseUrl, 'outbound'),
            voiceMethod: 'POST',
          });
          organization.twilioTwimlAppSid = application.sid;
        }
      } catch (error) {
        throw providerFailure('Voice token', error, VOICE_TOKEN_FAILED);
      }
      return {
        keySid: organization.twilioApiKeySid,
        keySecret: this.secrets.open(organization.twilioApiKeySecret),
        appSid: organization.twilioTwimlAppSid,
      };
    });
    const identity = `user-${actor.id}`;
    const token = new twilio.jwt.AccessToken(credentials.accountSid, app.keySid, app.keySecret, { identity, ttl: TOKEN_TTL_SECONDS });
    token.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: app.appSid, incomingAllow: false }));
    return { token: token.toJwt(), identity, expires_in: TOKEN_TTL_SECONDS };
  }

  /**
   * POST /api/webhooks/twilio/outbound: the TwiML that bridges to the customer. Signed by the
   * organization's account; the caller ID must be one of its numbers and the target a valid phone.
   */
  async bridgeTwiml(req: TwilioCallback): Promise<string> {
    // The phone-agent leg's URL carries To and CallerId in its (signed) query; they win over Twilio's own To.
    const form = { ...(req.body as Record<string, string | undefined>), ...(req.query as Record<string, string | undefined>) };
    const account = form.AccountSid ? await this.twilioAccount.byAccountSid(form.AccountSid) : null;
    this.signatures.verify(req, account);
    const to = stripPhone(String(form.To ?? ''));
    const callerId = stripPhone(String(form.CallerId ?? ''));
    const response = new twilio.twiml.VoiceResponse();
    const allowed = LAUNCHER_PHONE.test(to) && LAUNCHER_PHONE.test(callerId)
      && (await this.tenants.run(account!.organizationId, async ({ em }) => {
        const owned = await em.getRepository(BrandPhoneNumber).countWithPhoneNumber(toE164(callerId));
        if (owned && form.CallLogId && form.CallSid) {
          const log = await em.getRepository(CallLog).outboundCall(form.CallLogId);
          if (log && !log.callSid) log.callSid = form.CallSid;
        }
        return owned > 0;
      }).catch((error: Error) => {
        this.logger.warn(`Outbound call log update failed: ${error.message}`);
        return false;
      }));
    if (!allowed) {
      response.say('We are sorry, this call cannot be connected. Goodbye.');
      response.hangup();
      return response.toString();
    }
    response.dial({ callerId: toE164(callerId), answerOnBridge: true }).number(toE164(to));
    return response.toString();
  }

  /** The agent's phone in E.164, read as a customer's phone is (in the organization's country), or a 400. */
  private async agentNumber(actor: Actor, phone: string): Promise<string> {
    const organization = await this.em.getRepository(Organization).countryOf(actor.organizationId);
    const number = normalizePhone(phone, organization?.businessCountry ?? DEFAULT_PHONE_COUNTRY);
    if (!number) throw new InvalidAgentPhoneError();
    return number;
  }

  private async profilePhone(actor: Actor): Promise<string | null> {
    const user = await this.em.getRepository(User).phoneOf(actor.id);
    const phone = user?.phone ? stripPhone(user.phone) : null;
    if (phone && !LAUNCHER_PHONE.test(phone)) throw new ProfilePhoneInvalidError();
    return phone;
  }
}
