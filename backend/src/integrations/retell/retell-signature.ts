import { verify } from 'retell-sdk';

export const RETELL_SIGNATURE_HEADER = 'x-retell-signature';

/**
 * Whether Retell signed these exact body bytes with the organization's API key, within Retell's
 * five-minute window (the SDK's check: `v=<ms timestamp>,d=<HMAC-SHA256 hex>` over body + timestamp).
 */
export async function isSignedByRetell(rawBody: Buffer | undefined, apiKey: string, signature: string | undefined): Promise<boolean> {
  if (!rawBody || !signature) return false;
  try {
    return await verify(rawBody.toString('utf8'), apiKey, signature);
  } catch {
    return false;
  }
}
