/** Twilio's default opt-out keywords: the sender asks for no more texts. */
export const SMS_STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
/** Twilio's default opt-in keywords: texts allowed again. */
export const SMS_START_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
/** Twilio's default help keywords. */
export const SMS_HELP_KEYWORDS = ['HELP', 'INFO'] as const;

export type SmsKeyword = 'stop' | 'start' | 'help';

/** The keyword a text is (the whole message, any case, surrounding spaces and a final period ignored), or null. */
export function smsKeyword(body: string): SmsKeyword | null {
  const word = body.trim().replace(/[.!]+$/, '').toUpperCase();
  if ((SMS_STOP_KEYWORDS as readonly string[]).includes(word)) return 'stop';
  if ((SMS_START_KEYWORDS as readonly string[]).includes(word)) return 'start';
  if ((SMS_HELP_KEYWORDS as readonly string[]).includes(word)) return 'help';
  return null;
}

/** The HELP answer: the organization's name and how to reach its support. */
export function smsHelpText(organizationName: string, supportEmail: string | null, number: string): string {
  const contact = supportEmail ? `e-mail ${supportEmail} or reply here` : `reply here or call ${number}`;
  return `${organizationName} support: for help with your request, ${contact}. Reply STOP to opt out.`;
}
