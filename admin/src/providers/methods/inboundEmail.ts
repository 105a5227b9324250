import { apiGet, apiSend } from '../httpClient';
import type { components } from '../schema';

export type InboundEmailSettings = components['schemas']['InboundEmailSettingsDto'];
export type InboundSigningKey = components['schemas']['InboundSigningKeyDto'];
export type InboundEmailPatch = components['schemas']['UpdateInboundEmailSettingsDto'];

/** Settings → Inbound E-mail (owner and admins). */
export const inboundEmailMethods = {
  getInboundEmailSettings: () => apiGet<InboundEmailSettings>('/settings/inbound-email'),
  /** The inbound address and/or the provider's signing key (write-only: "" keeps it, null clears it). */
  updateInboundEmailSettings: (patch: InboundEmailPatch) => apiSend<InboundEmailSettings>('PUT', '/settings/inbound-email', patch),
  /** A new signing key; the answer is the only time it is shown. */
  generateInboundSigningKey: () => apiSend<InboundSigningKey>('POST', '/settings/inbound-email/signing-key'),
};
