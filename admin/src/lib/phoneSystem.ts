/** Rules and texts of the Phone System and the phone-number manager (spec part 2 sections 5, 8, 9). */

export type AgentMethod = 'computer' | 'profile' | 'other';

export interface LauncherValues {
  from: string;
  to: string;
  method: AgentMethod;
  otherPhone: string;
  profilePhone: string | null | undefined;
}

export interface LauncherProblem {
  title: string;
  description: string;
}

export const INVALID_PHONE_DESCRIPTION = 'Please enter a valid phone number (E.164 format recommended, e.g., +1234567890)';

/** Spaces, dashes and parentheses removed. */
export function stripPhone(value: string): string {
  return value.replace(/[\s\-()]/g, '');
}

/** Optional plus, first digit 1-9, 2 to 15 digits in all. */
export function isLauncherPhone(value: string): boolean {
  return /^\+?[1-9]\d{1,14}$/.test(stripPhone(value));
}

/** The first problem of the launcher's values, or the agentPhone to send. */
export function checkLauncher(values: LauncherValues): { problem: LauncherProblem } | { agentPhone: string; to: string; from: string } {
  if (!values.from.trim() || !values.to.trim()) {
    return { problem: { title: 'Missing information', description: 'Please fill in all required fields' } };
  }
  if (!isLauncherPhone(values.to)) return { problem: { title: 'Invalid customer number', description: INVALID_PHONE_DESCRIPTION } };
  let agentPhone = 'computer';
  if (values.method === 'profile') {
    if (!values.profilePhone?.trim()) {
      return { problem: { title: 'Missing phone number', description: 'Please add a phone number to your profile first' } };
    }
    agentPhone = stripPhone(values.profilePhone);
  } else if (values.method === 'other') {
    if (!values.otherPhone.trim()) return { problem: { title: 'Missing agent phone', description: 'Please enter the phone number to call you on' } };
    agentPhone = stripPhone(values.otherPhone);
  }
  if (agentPhone !== 'computer' && !isLauncherPhone(agentPhone)) {
    return { problem: { title: 'Invalid agent phone', description: INVALID_PHONE_DESCRIPTION } };
  }
  return { agentPhone, to: stripPhone(values.to), from: stripPhone(values.from) };
}

/**
 * The toast title of a refused make-call: the server reads the agent's phone as a customer's phone
 * is (it refuses "12", which the launcher's pattern lets through) and says so with its code.
 */
export function callFailureTitle(failure: unknown): string {
  const body = failure && typeof failure === 'object' ? (failure as { body?: { code?: unknown } }).body : undefined;
  return body?.code === 'phone_numbers.invalid_agent_phone' ? 'Invalid agent phone' : 'Call failed';
}

/** The ticket's short id: first 8 characters, uppercased. */
export function shortTicketId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

export const CALL_STATUS_FILTERS = [
  { id: 'all', label: 'All Calls' },
  { id: 'unread', label: 'Unread Only' },
  { id: 'unreturned', label: 'Unreturned' },
  { id: 'with_ticket', label: 'With Ticket' },
  { id: 'no_ticket', label: 'No Ticket' },
] as const;

export const RECORDING_FAILED = 'Failed to load recording. Please refresh the page and try again.';

// Voicemail configuration
export const GREETING_TEXT_MAX = 500;
export const MAX_LENGTH_MIN = 30;
export const MAX_LENGTH_MAX = 300;
export const MAX_LENGTH_DEFAULT = 120;
export const TRANSCRIPTION_LIMIT_SECONDS = 120;
export const DEFAULT_GREETING = "Thank you for calling. Please leave a message after the beep, and we'll get back to you as soon as possible.";

export const TTS_VOICES = [
  { id: 'alice', label: 'Alice (Female, US)' },
  { id: 'Polly.Joanna', label: 'Joanna (Female, US)' },
  { id: 'Polly.Matthew', label: 'Matthew (Male, US)' },
  { id: 'Polly.Amy', label: 'Amy (Female, British)' },
  { id: 'Polly.Brian', label: 'Brian (Male, British)' },
] as const;

/** 30-300 s; blank or invalid (or out of range) falls back to 120. */
export function voicemailMaxLength(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  if (String(value ?? '').trim() === '' || !Number.isInteger(n) || n < MAX_LENGTH_MIN || n > MAX_LENGTH_MAX) return MAX_LENGTH_DEFAULT;
  return n;
}

export type GreetingType = 'default' | 'text_to_speech' | 'audio_file';

export interface GreetingValues {
  greeting_type: GreetingType;
  greeting_text: string;
  greeting_audio_url: string | null;
  greeting_audio_filename: string | null;
  tts_voice: string;
  voicemail_max_length: string;
  enable_transcription: boolean;
}

/** What Save sends: the text only for text_to_speech, the audio only for audio_file. */
export function greetingPayload(values: GreetingValues) {
  const base = {
    greeting_type: values.greeting_type,
    tts_voice: values.tts_voice,
    voicemail_max_length: voicemailMaxLength(values.voicemail_max_length),
    enable_transcription: values.enable_transcription,
  };
  if (values.greeting_type === 'text_to_speech') return { ...base, greeting_text: values.greeting_text };
  if (values.greeting_type === 'audio_file') {
    return { ...base, greeting_audio_url: values.greeting_audio_url, greeting_audio_filename: values.greeting_audio_filename };
  }
  return base;
}

/** Import: both fields, then E.164. */
export function checkImport(phoneNumber: string, brand: string): string | null {
  if (!phoneNumber.trim() || !brand.trim()) return 'Please provide both phone number and brand';
  if (!/^\+[1-9]\d{1,14}$/.test(phoneNumber.trim())) return 'Please use E.164 format (e.g., +15551234567)';
  return null;
}

export const SEARCH_COUNTRIES = ['US', 'CA', 'GB'] as const;
export const MATCH_MODES = [
  { id: 'last', label: 'Last' },
  { id: 'first', label: 'First' },
  { id: 'anywhere', label: 'Anywhere' },
] as const;

/** The other party of a call: the caller of a voicemail, the customer dialled by an outbound call. */
export function callParty(call: { call_type: string; from_phone: string | null; to_phone: string | null; caller_name: string | null }): string {
  const phone = call.call_type === 'call' ? call.to_phone : call.from_phone;
  return call.caller_name || phone || 'Unknown caller';
}

/** "$1.15 a month" from Twilio's price of a number; null when Twilio did not give one. */
export function monthlyCostText(price: string | null | undefined, unit: string | null | undefined): string | null {
  const amount = Number(price);
  if (price === null || price === undefined || price === '' || !Number.isFinite(amount)) return null;
  let formatted: string;
  try {
    formatted = new Intl.NumberFormat('en-US', { style: 'currency', currency: unit || 'USD' }).format(amount);
  } catch {
    formatted = `${price} ${unit ?? ''}`.trim();
  }
  return `${formatted} a month`;
}

/** The purchase confirmation's text: the number, where, the brand, and what it costs on the account. */
export function purchaseConfirmText(r: { phoneNumber: string; locality?: string | null; region?: string | null; monthlyPrice?: string | null; priceUnit?: string | null }, brand: string): string {
  const place = [r.locality, r.region].filter(Boolean).join(', ');
  const cost = monthlyCostText(r.monthlyPrice, r.priceUnit);
  return `Buy ${r.phoneNumber}${place ? ` (${place})` : ''} for ${brand}? ${
    cost ? `It costs ${cost} on your Twilio account.` : 'Twilio did not give its price: see your Twilio console for what it costs.'
  }`;
}

/* ---- before Twilio is connected (issue 34) ---- */

export const TWILIO_NOT_CONNECTED = 'Twilio is not connected yet';
export const TWILIO_SETUP_HINT = 'Connect your Twilio account in Settings → Phone Setup to buy numbers and take calls.';
/** Added where the built-in simulation is available (development, demo data). */
export const TWILIO_SIMULATION_HINT = 'No account? Try the built-in Twilio simulation: it runs inside the app, sells simulated numbers and leaves you voicemails, no real calls.';
export const BUY_NEEDS_TWILIO = 'Connect Twilio in Settings → Phone Setup before buying a number.';
export const FIX_NEEDS_TWILIO = 'Connect Twilio in Settings → Phone Setup first.';
export const FIX_NEEDS_NUMBERS = 'No phone numbers to reconfigure yet: buy or import one.';

/** Why Fix Webhooks cannot work yet, or null when it can. */
export function fixWebhooksBlocked(twilioConnected: boolean, numberCount: number): string | null {
  if (!twilioConnected) return FIX_NEEDS_TWILIO;
  if (numberCount === 0) return FIX_NEEDS_NUMBERS;
  return null;
}
