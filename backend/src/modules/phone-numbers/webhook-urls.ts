/** The public URLs Twilio calls (spec part 2 section 7, "Inbound URLs"), all under PUBLIC_BASE_URL. */
export const WEBHOOK_PATHS = {
  voice: '/api/webhooks/twilio/voice',
  recorded: '/api/webhooks/twilio/voice/recorded',
  recording: '/api/webhooks/twilio/recording',
  transcription: '/api/webhooks/twilio/transcription',
  outbound: '/api/webhooks/twilio/outbound',
  /** Texts to the number (conversations/inbound). */
  sms: '/api/webhooks/twilio/sms',
  health: '/api/webhooks/twilio/health',
} as const;

export function webhookUrl(publicBaseUrl: string, path: keyof typeof WEBHOOK_PATHS, query: Record<string, string | null | undefined> = {}): string {
  const url = new URL(`${publicBaseUrl}${WEBHOOK_PATHS[path]}`);
  for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value);
  return url.toString();
}
