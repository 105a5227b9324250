/**
 * What Migration20261125020000CustomerPhones ran, frozen so it keeps meaning what it meant: the
 * customers' phones rewritten to E.164 by the normalisation of that time (a copy of
 * modules/customers/phone.ts's normalizePhone then; the live one may change).
 */
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';

const DEFAULT_PHONE_COUNTRY = 'US';

/** E.164, a number without a country code read in the organization's country; null when it cannot be a phone number. */
function normalizePhone(raw: string | null | undefined, country: string = DEFAULT_PHONE_COUNTRY): string | null {
  const text = raw?.trim();
  if (!text) return null;
  const region = (isSupportedCountry(country as CountryCode, metadata) ? country : DEFAULT_PHONE_COUNTRY) as CountryCode;
  const parsed = parsePhoneNumberFromString(text, region, metadata);
  return parsed?.isPossible() ? parsed.number : null;
}

type Execute = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const BATCH = 1000;

export interface PhoneRewrite {
  organizationId: string;
  customerId: string;
  from: string;
  to: string;
}

export interface CustomerPhonesReport {
  /** Phones rewritten to E.164. */
  rewritten: PhoneRewrite[];
  /** Phones left as they were because another customer of the organization has (or took) that number. */
  kept: PhoneRewrite[];
}

/**
 * Rewrites the customers' phones on file to E.164 in their organization's country (the one
 * `normalizePhone` of every intake) and their e-mails to lower case. Customers are never merged:
 * when two rows of one organization are one number, the row already in E.164 keeps it, else the
 * newest row takes it, and the others keep their phone as it was (reported in `kept`). A phone
 * that is not a phone number (too short, letters) stays as it is.
 */
export async function normalizeCustomerPhones(execute: Execute): Promise<CustomerPhonesReport> {
  await execute(`update customers set email = lower(trim(email)) where email is not null and email <> lower(trim(email))`);
  const rows = (await execute(
    `select c.id, c.organization_id, c.phone, o.business_country
       from customers c join organizations o on o.id = c.organization_id
      where c.phone is not null
      order by c.organization_id, c.created_at desc, c.id desc`,
  )) as { id: string; organization_id: string; phone: string; business_country: string | null }[];

  const key = (organizationId: string, phone: string) => `${organizationId} ${phone}`;
  const taken = new Set(rows.map((r) => key(r.organization_id, r.phone)));
  const report: CustomerPhonesReport = { rewritten: [], kept: [] };
  for (const row of rows) {
    const to = normalizePhone(row.phone, row.business_country || DEFAULT_PHONE_COUNTRY);
    if (!to || to === row.phone) continue;
    const change = { organizationId: row.organization_id, customerId: row.id, from: row.phone, to };
    if (taken.has(key(row.organization_id, to))) {
      report.kept.push(change);
      continue;
    }
    taken.add(key(row.organization_id, to));
    report.rewritten.push(change);
  }

  for (let i = 0; i < report.rewritten.length; i += BATCH) {
    const batch = report.rewritten.slice(i, i + BATCH);
    await execute(
      `update customers c set phone = v.phone
         from (values ${batch.map(() => '(?::uuid, ?)').join(', ')}) as v(id, phone)
        where c.id = v.id`,
      batch.flatMap((r) => [r.customerId, r.to]),
    );
  }
  return report;
}
