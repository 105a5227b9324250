import { randomBytes } from 'node:crypto';
import twilio from 'twilio';

/**
 * What Twilio sends our webhooks during an inbound call, built and signed the way Twilio does
 * (X-Twilio-Signature from the account's auth token over the full URL and the form fields).
 * Used by `npm run simulate:call` and by the tests.
 */

export type Form = Record<string, string>;

export function callSid(): string {
  return `CA${randomBytes(16).toString('hex')}`;
}

export function sign(authToken: string, url: string, form: Form): string {
  return twilio.getExpectedTwilioSignature(authToken, url, form);
}

export interface CallFacts {
  accountSid: string;
  callSid: string;
  from: string;
  to: string;
  callerName?: string;
}

function base(call: CallFacts): Form {
  return {
    AccountSid: call.accountSid,
    ApiVersion: '2010-04-01',
    CallSid: call.callSid,
    From: call.from,
    To: call.to,
    Direction: 'inbound',
    ...(call.callerName ? { CallerName: call.callerName } : {}),
  };
}

export function voiceForm(call: CallFacts): Form {
  return { ...base(call), CallStatus: 'ringing', Caller: call.from, Called: call.to };
}

export interface RecordingFacts {
  recordingSid: string;
  duration: number;
}

export function recordingUrl(accountSid: string, recordingSid: string): string {
  return `https://api.twilio.com/2010-04-01/Accounts/${accountSid}/Recordings/${recordingSid}`;
}

/** The Record verb's action request, once the caller has hung up or pressed #. */
export function recordedForm(call: CallFacts, recording: RecordingFacts): Form {
  return {
    ...base(call),
    CallStatus: 'completed',
    RecordingSid: recording.recordingSid,
    RecordingUrl: recordingUrl(call.accountSid, recording.recordingSid),
    RecordingDuration: String(recording.duration),
    Digits: 'hangup',
  };
}

/** The recording status callback (it carries no From/To: our callback URL's query does). */
export function recordingStatusForm(call: CallFacts, recording: RecordingFacts): Form {
  return {
    AccountSid: call.accountSid,
    CallSid: call.callSid,
    RecordingSid: recording.recordingSid,
    RecordingUrl: recordingUrl(call.accountSid, recording.recordingSid),
    RecordingStatus: 'completed',
    RecordingDuration: String(recording.duration),
    RecordingChannels: '1',
    RecordingSource: 'RecordVerb',
    RecordingStartTime: new Date().toUTCString(),
  };
}

export function transcriptionForm(call: CallFacts, recording: RecordingFacts, text: string | null): Form {
  return {
    ...base(call),
    TranscriptionSid: `TR${randomBytes(16).toString('hex')}`,
    TranscriptionStatus: text === null ? 'failed' : 'completed',
    ...(text === null ? {} : { TranscriptionText: text }),
    TranscriptionUrl: `https://api.twilio.com/2010-04-01/Accounts/${call.accountSid}/Transcriptions/TR1`,
    RecordingSid: recording.recordingSid,
    RecordingUrl: recordingUrl(call.accountSid, recording.recordingSid),
    CallStatus: 'completed',
  };
}

export interface RecordVerb {
  action?: string;
  maxLength?: number;
  recordingStatusCallback?: string;
  transcribe?: boolean;
  transcribeCallback?: string;
}

function unescapeXml(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The <Record> verb of a TwiML answer, with its attributes. */
export function parseRecordVerb(twiml: string): RecordVerb | null {
  const tag = twiml.match(/<Record\b([^>]*)\/?>/);
  if (!tag) return null;
  const attributes: Record<string, string> = {};
  for (const [, name, value] of tag[1].matchAll(/(\w+)="([^"]*)"/g)) attributes[name] = unescapeXml(value);
  return {
    action: attributes.action,
    maxLength: attributes.maxLength ? Number(attributes.maxLength) : undefined,
    recordingStatusCallback: attributes.recordingStatusCallback,
    transcribe: attributes.transcribe === 'true',
    transcribeCallback: attributes.transcribeCallback,
  };
}

/** The spoken or played greeting of a TwiML answer, for display. */
export function greetingOf(twiml: string): string | null {
  const say = twiml.match(/<Say\b[^>]*>([^<]*)<\/Say>/);
  if (say) return unescapeXml(say[1]);
  const play = twiml.match(/<Play\b[^>]*>([^<]*)<\/Play>/);
  return play ? `(audio) ${unescapeXml(play[1])}` : null;
}
