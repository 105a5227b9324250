import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import twilio from 'twilio';
import { isUuid } from '../../common/http/ids.js';
import { TenantRunner } from '../../common/tenancy/tenant-runner.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { TranscriptionStatus } from '../call-logs/call-log.entity.js';
import { type VoicemailFacts, type VoicemailNumber, VoicemailRecorder } from '../call-logs/voicemail-recorder.service.js';
import { type LinkedAccount, TwilioAccountService } from '../organizations/twilio-account.service.js';
import { BrandPhoneNumber } from './brand-phone-number.entity.js';
import type { InboundNumber } from './brand-phone-number.repository.js';
import { InboundRouteCache } from './inbound-route-cache.js';
import { StorageService } from '../storage/storage.service.js';
import { DEFAULT_GREETING, GREETING_AUDIO_URL_TTL_SECONDS, TRANSCRIPTION_LIMIT_SECONDS } from './phone-options.js';
import { InvalidTwilioSignatureError } from './phone-numbers.errors.js';
import { type TwilioCallback, TwilioSignatureService } from './twilio-signature.service.js';
import { webhookUrl } from './webhook-urls.js';
import { describeError, stackFrames } from '../../common/logging/redact.js';

type Form = Record<string, string | undefined>;

/** Twilio posts a form; any other body (absent, unparsed) reads as an empty form and fails the signature check. */
function formOf(req: TwilioCallback): Form {
  return req.body && typeof req.body === 'object' ? (req.body as Form) : {};
}

const NOT_IN_SERVICE = 'We are sorry, the number you have called is not in service. Goodbye.';
const UNAVAILABLE = 'We are sorry, we cannot take your call right now. Please try again later. Goodbye.';
const THANKS = 'Thank you for your message. Goodbye.';

function seconds(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

/**
 * Twilio's voice callbacks: the greeting and recording TwiML for an incoming call, and the
 * recording and transcription callbacks that build the call log. Each is signed and answers fast;
 * the slow part (the recording's metadata) is queued.
 */
@Injectable()
export class VoiceWebhooksService {
  private readonly logger = new Logger('TwilioWebhooks');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tenants: TenantRunner,
    private readonly twilioAccount: TwilioAccountService,
    private readonly signatures: TwilioSignatureService,
    private readonly recorder: VoicemailRecorder,
    private readonly storage: StorageService,
    private readonly em: EntityManager,
    private readonly routes: InboundRouteCache,
  ) {}

  /** POST /api/webhooks/twilio/voice: greet the caller, then record a voicemail. */
  async incomingCall(req: TwilioCallback): Promise<string> {
    const form = formOf(req);
    try {
      // The signature first, with the token of the account the request names (AccountSid, as on every
      // other callback): an unsigned or forged request gets the same 403 whether or not To is one of
      // our numbers, so it cannot probe which numbers are ours (issue 26). Only a request signed by a
      // connected account learns that a number is not in service, and only among its own numbers.
      // One read (issue 32), kept while nothing it holds changes (InboundRouteCache): the account's
      // organization with its sealed token and, of it, the number called.
      const accountSid = form.AccountSid;
      const to = form.To ?? null;
      const route = accountSid ? await this.routes.route(accountSid, to, () => this.em.getRepository(BrandPhoneNumber).inboundRoute(accountSid, to)) : null;
      const account = route
        ? this.twilioAccount.credentialsOf({ twilioSubaccountSid: route.accountSid, twilioSubaccountAuthToken: route.sealedAuthToken })
        : null;
      this.signatures.verify(req, account);
      const number = form.To ? route!.number : null;
      const notice = route!.recordingNotice;
      if (!number) {
        this.logger.warn(`Incoming call to a number account ${form.AccountSid} does not have here`);
        return this.say(NOT_IN_SERVICE);
      }
      const audio = number.greetingType === 'audio_file' && number.greetingAudioUrl
        ? await this.storage.signedReadUrl(number.greetingAudioUrl, GREETING_AUDIO_URL_TTL_SECONDS)
        : null;
      return this.greetingTwiml(number, form, audio, notice);
    } catch (error) {
      // A forged request is refused; anything else still gives the caller a polite answer, never a 500.
      if (error instanceof InvalidTwilioSignatureError) throw error;
      this.logger.error(`Voice webhook failed: ${describeError(error)}`, stackFrames(error));
      return this.say(UNAVAILABLE);
    }
  }

  /** The Record verb's action: the recording is done; note it and end the call politely. */
  async recorded(req: TwilioCallback): Promise<string> {
    await this.callback(req, (form) => ({
      recordingSid: form.RecordingSid ?? null,
      recordingUrl: form.RecordingUrl ?? null,
      recordingDuration: seconds(form.RecordingDuration),
    }));
    return this.say(THANKS);
  }

  /** The recording status callback. */
  async recordingStatus(req: TwilioCallback): Promise<void> {
    const form = formOf(req);
    if (form.RecordingStatus && form.RecordingStatus !== 'completed') {
      this.signatures.verify(req, await this.accountOf(form));
      return;
    }
    await this.callback(req, (f) => ({
      recordingSid: f.RecordingSid ?? null,
      recordingUrl: f.RecordingUrl ?? null,
      recordingDuration: seconds(f.RecordingDuration),
    }));
  }

  /** The transcription callback: the text, or Twilio's word that it could not transcribe. */
  async transcription(req: TwilioCallback): Promise<void> {
    await this.callback(req, (form) => ({
      recordingSid: form.RecordingSid ?? null,
      recordingUrl: form.RecordingUrl ?? null,
      transcription: form.TranscriptionStatus === 'completed' ? (form.TranscriptionText ?? '').trim() || null : null,
      transcriptionStatus: form.TranscriptionStatus === 'completed' ? 'completed' : 'failed',
    }));
  }

  /**
   * The shared path of the callbacks: the organization from the signed AccountSid, the call's
   * number and caller from the callback URL's own (signed) query, then one idempotent write.
   */
  private async callback(req: TwilioCallback, facts: (form: Form) => Omit<VoicemailFacts, 'callSid'>): Promise<void> {
    const form = formOf(req);
    const account = await this.accountOf(form);
    this.signatures.verify(req, account);
    if (!form.CallSid || !account) return;
    const query = req.query as Form;
    const initialStatus = (['pending', 'unavailable', 'disabled'] as const).find((s) => s === query.transcription);
    const numberId = isUuid(query.number) ? query.number : null;
    const factsOf = (em: EntityManager): VoicemailFacts => ({
      callSid: form.CallSid!,
      number: numberId ? () => this.numberOf(em, numberId) : null,
      fromPhone: query.from ?? form.From ?? null,
      callerName: query.caller ?? form.CallerName ?? null,
      toPhone: form.To ?? null,
      transcriptionStatus: initialStatus ?? null,
      ...facts(form),
    });
    // A repeat (Twilio's Record action and recording status callback carry the same recording, and
    // Twilio retries on any doubt) is answered from one read, with no transaction and no lock.
    if (await this.tenants.read(account.organizationId, (ctx) => this.recorder.alreadyNoted(ctx, factsOf(ctx.em)))) return;
    await this.tenants.run(account.organizationId, (ctx) => this.recorder.record(ctx, factsOf(ctx.em)));
  }

  /** The number a voicemail was left on (this module's row), for its call log. */
  private numberOf(em: EntityManager, id: string): Promise<VoicemailNumber | null> {
    return em.getRepository(BrandPhoneNumber).byId(id);
  }

  private async accountOf(form: Form): Promise<LinkedAccount | null> {
    return form.AccountSid ? this.twilioAccount.byAccountSid(form.AccountSid) : null;
  }

  /**
   * `audioUrl`: a signed URL Twilio can fetch the audio greeting from without a session; `notice`:
   * the organization's recording notice (issue 35), said first when it is on.
   */
  private greetingTwiml(number: InboundNumber, form: Form, audioUrl: string | null, notice: string | null): string {
    const response = new twilio.twiml.VoiceResponse();
    if (notice) response.say({ voice: number.ttsVoice as never }, notice);
    if (number.greetingType === 'text_to_speech' && number.greetingText) {
      response.say({ voice: number.ttsVoice as never }, number.greetingText);
    } else if (audioUrl) {
      response.play(audioUrl);
    } else {
      response.say({ voice: number.ttsVoice as never }, DEFAULT_GREETING);
    }
    const transcribe = number.enableTranscription && number.voicemailMaxLength <= TRANSCRIPTION_LIMIT_SECONDS;
    const status: TranscriptionStatus = !number.enableTranscription ? 'disabled' : transcribe ? 'pending' : 'unavailable';
    const query = { number: number.id, from: form.From, caller: form.CallerName, transcription: status };
    response.record({
      maxLength: number.voicemailMaxLength,
      playBeep: true,
      finishOnKey: '#',
      action: webhookUrl(this.config.publicBaseUrl, 'recorded', query),
      method: 'POST',
      recordingStatusCallback: webhookUrl(this.config.publicBaseUrl, 'recording', query),
      recordingStatusCallbackMethod: 'POST',
      recordingStatusCallbackEvent: ['completed'],
      ...(transcribe ? { transcribe: true, transcribeCallback: webhookUrl(this.config.publicBaseUrl, 'transcription', query) } : {}),
    });
    // Reached only when the caller left no message (Twilio skips the action without a recording).
    response.say({ voice: number.ttsVoice as never }, 'We did not receive a message. Goodbye.');
    response.hangup();
    return response.toString();
  }

  private say(text: string): string {
    const response = new twilio.twiml.VoiceResponse();
    response.say(text);
    response.hangup();
    return response.toString();
  }
}
