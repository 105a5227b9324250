/** The phone system's constants and texts (spec part 2 sections 5, 8 and 9). */

export const SEARCH_COUNTRIES = ['US', 'CA', 'GB'] as const;
export const MATCH_MODES = ['first', 'last', 'anywhere'] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

export const TTS_VOICES = ['alice', 'Polly.Joanna', 'Polly.Matthew', 'Polly.Amy', 'Polly.Brian'] as const;
export type TtsVoice = (typeof TTS_VOICES)[number];

export const DEFAULT_GREETING = "Thank you for calling. Please leave a message after the beep, and we'll get back to you as soon as possible.";
export const GREETING_TEXT_MAX = 500;
export const MAX_LENGTH_MIN = 30;
export const MAX_LENGTH_MAX = 300;
export const MAX_LENGTH_DEFAULT = 120;
/** How long Twilio may fetch a greeting's audio through its signed URL (it plays it at once). */
export const GREETING_AUDIO_URL_TTL_SECONDS = 3600;
/** Twilio transcribes recordings of at most 120 s. */
export const TRANSCRIPTION_LIMIT_SECONDS = 120;

export const MESSAGES = {
  importBoth: 'Please provide both phone number and brand',
  e164: 'Please use E.164 format (e.g., +15551234567)',
  purchaseBrand: 'Please select a brand before purchasing',
  searchFailed: 'Failed to search numbers',
  purchaseFailed: 'Could not purchase phone number',
  importFailed: 'Could not import phone number',
  reconfigureFailed: 'Failed to reconfigure webhooks',
  deleteFailed: 'Failed to delete phone number',
  numberNotFound: 'Phone number not found',
  numberTaken: 'This phone number is already in use',
  notInAccount: 'This phone number was not found in your Twilio account',
  greetingTextMax: `Greeting text must be at most ${GREETING_TEXT_MAX} characters`,
  greetingTextRequired: 'Please enter the greeting text for a text-to-speech greeting',
  greetingAudioRequired: 'Please upload an audio file for the greeting',
  greetingAudioPath: 'Greeting audio must be a file uploaded with POST /api/objects/upload (/objects/uploads/...)',
  maxLengthRange: `Maximum recording length must be between ${MAX_LENGTH_MIN} and ${MAX_LENGTH_MAX} seconds`,
  callMissing: 'Please fill in all required fields',
  callFailed: 'Could not initiate the call',
  invalidPhone: 'Please enter a valid phone number (E.164 format recommended, e.g., +1234567890)',
  agentPhoneMissing: 'Missing agent phone',
  fromNotOwned: 'The provider number must be one of your phone numbers',
} as const;

/** The call launcher's numbers: spaces, dashes and parentheses stripped (spec part 2 section 5). */
export function stripPhone(value: string): string {
  return value.replace(/[\s\-()]/g, '');
}

/** Optional plus, a first digit 1-9, 2 to 15 digits in all. */
export const LAUNCHER_PHONE = /^\+?[1-9]\d{1,14}$/;

/** The launcher's numbers as Twilio wants them: E.164 with the plus. */
export function toE164(stripped: string): string {
  return stripped.startsWith('+') ? stripped : `+${stripped}`;
}
