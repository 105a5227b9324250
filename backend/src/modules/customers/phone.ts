// The core build with the metadata as a JS module: the default build imports its JSON metadata
// without an import attribute, which Jest's ESM mode warns about on every test file.
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';

/** Numbers without a country code are read in this country when the organization names none we know. */
export const DEFAULT_PHONE_COUNTRY = 'US';

/**
 * The one phone normalisation of every intake (ticket form and API, voicemail, voice agent) and of
 * the migration that rewrote the numbers on file: E.164, a number without a country code read in
 * the organization's country. "(555) 123-4567", "555.123.4567", "+1 555 123 4567" and
 * "15551234567" are all "+15551234567" for a US organization. Null when the text cannot be a phone
 * number (too short or long for its country, letters, an anonymous caller).
 */
export function normalizePhone(raw: string | null | undefined, country: string = DEFAULT_PHONE_COUNTRY): string | null {
  const text = raw?.trim();
  if (!text) return null;
  const region = (isSupportedCountry(country as CountryCode, metadata) ? country : DEFAULT_PHONE_COUNTRY) as CountryCode;
  const parsed = parsePhoneNumberFromString(text, region, metadata);
  return parsed?.isPossible() ? parsed.number : null;
}

/**
 * The phone as a customer row keeps it: E.164 when it is one, else the trimmed text as typed (so
 * nothing the caller gave is lost; such a number matches only itself). Null when blank.
 */
export function storedPhone(raw: string | null | undefined, country: string = DEFAULT_PHONE_COUNTRY): string | null {
  return normalizePhone(raw, country) ?? (raw?.trim() || null);
}
