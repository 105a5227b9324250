import type { EntityManager } from '@mikro-orm/postgresql';
import { BrandPhoneNumber } from '../phone-numbers/brand-phone-number.entity.js';
import type { SettingsService } from '../settings/settings.service.js';

/**
 * The number a ticket's texts go out from: the organization's active number of the ticket's brand
 * (the oldest, when it has several), else its default number (Settings: twilio_phone_number), else
 * none. Replies come back to the same number, so the customer sees one number per brand.
 */
export async function senderNumberOf(em: EntityManager, settings: SettingsService, organizationId: string, brand: string | null | undefined): Promise<string | null> {
  if (brand) {
    const number = await em.findOne(BrandPhoneNumber, { organization: organizationId, brand, isActive: true }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    if (number) return number.phoneNumber;
  }
  const fallback = (await settings.forOrganization(organizationId, em)).twilioPhoneNumber?.trim();
  return fallback || null;
}

/**
 * The reference a reply text ends with (`[#WC-000123 ref 1a2b3c4d]`): it names the ticket to the
 * customer, and it is what a resend looks for among the number's recent messages at Twilio before
 * texting again, so a text whose answer was lost is not sent twice.
 */
export function smsMarker(ticketNumber: string, messageId: string): string {
  return `[#${ticketNumber} ref ${messageId.replace(/-/g, '').slice(0, 8)}]`;
}

export function smsText(body: string, marker: string): string {
  return `${body}\n${marker}`;
}
