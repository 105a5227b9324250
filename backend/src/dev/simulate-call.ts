import {
  type CallFacts,
  callSid,
  type Form,
  greetingOf,
  parseRecordVerb,
  recordedForm,
  recordingStatusForm,
  sign,
  transcriptionForm,
  voiceForm,
} from './twilio-callbacks.js';

export const USAGE = `Usage: npm run simulate:call -- --to <our number> --from <caller> [--seconds N] [--transcript "..."]
  [--caller-name "MARIA G"] [--app http://localhost:3000] [--twilio http://127.0.0.1:4010]

Rings one of the app's numbers the way Twilio would, against the fake Twilio (npm run fake:twilio):
the signed voice webhook, then the recording and transcription callbacks. The voicemail then shows
in the Phone System with its recording and transcription.`;

/** Posts a form to one of the app's webhooks, signed for the URL Twilio would have used. */
async function post(signedUrl: string, appOrigin: string, form: Form, authToken: string): Promise<{ status: number; text: string }> {
  const target = new URL(signedUrl);
  const reach = new URL(`${target.pathname}${target.search}`, appOrigin);
  const res = await fetch(reach, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': sign(authToken, signedUrl, form) },
    body: new URLSearchParams(form),
  });
  return { status: res.status, text: await res.text() };
}

export interface SimulateCallOptions {
  to: string;
  from: string;
  seconds?: number;
  transcript?: string;
  callerName?: string;
  /** Where the app answers. */
  app: string;
  /** The app's PUBLIC_BASE_URL (what signatures cover), when it differs from `app`. */
  publicUrl?: string;
  /** The fake Twilio. */
  twilio: string;
}

/** One inbound call with a voicemail, end to end; returns the call's and the recording's SIDs. */
export async function simulateCall(options: SimulateCallOptions, log: (line: string) => void = console.log): Promise<{ callSid: string; recordingSid: string }> {
  const app = options.app.replace(/\/+$/, '');
  const publicUrl = (options.publicUrl ?? app).replace(/\/+$/, '');
  const seconds = Math.max(1, Math.round(options.seconds ?? 10));

  const owner = await fetch(`${options.twilio}/_fake/numbers?phoneNumber=${encodeURIComponent(options.to)}`).catch(() => null);
  if (!owner) throw new Error(`The fake Twilio does not answer at ${options.twilio}: start it with npm run fake:twilio`);
  if (owner.status === 404) throw new Error(`The fake Twilio has no number ${options.to}: buy or import it in the app first`);
  const number = (await owner.json()) as { accountSid: string; authToken?: string };
  if (!number.authToken) throw new Error(`The fake Twilio does not know the account ${number.accountSid} that owns ${options.to}`);

  const call: CallFacts = { accountSid: number.accountSid, callSid: callSid(), from: options.from, to: options.to, callerName: options.callerName };
  log(`Ringing ${call.to} from ${call.from} (CallSid ${call.callSid})`);
  const answer = await post(`${publicUrl}/api/webhooks/twilio/voice`, app, voiceForm(call), number.authToken).catch((error: Error) => {
    throw new Error(`The app does not answer at ${app} (${error.message}): start it with TWILIO_API_BASE_URL=${options.twilio} npm start`);
  });
  if (answer.status !== 200) throw new Error(`The voice webhook answered ${answer.status}: ${answer.text}`);
  log(`Greeting: ${greetingOf(answer.text) ?? '(none)'}`);
  const verb = parseRecordVerb(answer.text);
  if (!verb) throw new Error(`The app did not record a voicemail:\n${answer.text}`);

  const duration = Math.min(seconds, verb.maxLength ?? seconds);
  const created = await fetch(`${options.twilio}/_fake/recordings`, {
    method: 'POST',
    body: JSON.stringify({ accountSid: call.accountSid, callSid: call.callSid, duration }),
  });
  const recording = { recordingSid: ((await created.json()) as { sid: string }).sid, duration };
  log(`Recorded ${duration} s (max ${verb.maxLength} s): ${recording.recordingSid}`);

  const steps: [string, string | undefined, Form][] = [
    ['Record action', verb.action, recordedForm(call, recording)],
    ['Recording status', verb.recordingStatusCallback, recordingStatusForm(call, recording)],
  ];
  if (verb.transcribeCallback) {
    steps.push(['Transcription', verb.transcribeCallback, transcriptionForm(call, recording, options.transcript ?? 'This is a simulated voicemail.')]);
  } else {
    log('Transcription: not requested (off for this number, or its maximum length passes 120 s)');
  }
  for (const [name, url, form] of steps) {
    if (!url) continue;
    const res = await post(url, app, form, number.authToken!);
    log(`${name}: ${res.status}`);
    if (res.status >= 300) throw new Error(`${name} failed: ${res.text}`);
  }
  log('Voicemail delivered: open the Phone System to see and hear it.');
  return { callSid: call.callSid, recordingSid: recording.recordingSid };
}
