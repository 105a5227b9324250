/** The numbers the fake offers for sale: a few real localities per country, numbered predictably. */
export interface AvailableNumber {
  phoneNumber: string;
  friendlyName: string;
  locality: string;
  region: string;
  isoCountry: string;
  postalCode: string | null;
  capabilities: { voice: boolean; SMS: boolean; MMS: boolean; fax: boolean };
}

interface Area {
  country: 'US' | 'CA' | 'GB';
  prefix: string; // country code + area code, digits only
  areaCode: string;
  locality: string;
  region: string;
}

const AREAS: Area[] = [
  { country: 'US', prefix: '1512', areaCode: '512', locality: 'Austin', region: 'TX' },
  { country: 'US', prefix: '1415', areaCode: '415', locality: 'San Francisco', region: 'CA' },
  { country: 'US', prefix: '1212', areaCode: '212', locality: 'New York', region: 'NY' },
  { country: 'US', prefix: '1305', areaCode: '305', locality: 'Miami', region: 'FL' },
  { country: 'CA', prefix: '1416', areaCode: '416', locality: 'Toronto', region: 'ON' },
  { country: 'CA', prefix: '1604', areaCode: '604', locality: 'Vancouver', region: 'BC' },
  { country: 'GB', prefix: '4420', areaCode: '20', locality: 'London', region: 'England' },
  { country: 'GB', prefix: '44161', areaCode: '161', locality: 'Manchester', region: 'England' },
];

const PER_AREA = 25;

function nationalLength(country: string): number {
  return country === 'GB' ? 10 : 10;
}

/** Every number of the catalogue for a country (before filters): deterministic, 25 per area. */
export function catalogue(country: string): AvailableNumber[] {
  const out: AvailableNumber[] = [];
  for (const area of AREAS.filter((a) => a.country === country)) {
    const countryCode = country === 'GB' ? '44' : '1';
    const restLength = countryCode.length + nationalLength(country) - area.prefix.length;
    for (let i = 0; i < PER_AREA; i += 1) {
      const rest = String(5550100 + i * 37).padStart(restLength, '0').slice(-restLength);
      const digits = `${area.prefix}${rest}`;
      out.push({
        phoneNumber: `+${digits}`,
        friendlyName: country === 'GB' ? `+${digits}` : `(${area.areaCode}) ${rest.slice(0, 3)}-${rest.slice(3)}`,
        locality: area.locality,
        region: area.region,
        isoCountry: country,
        postalCode: null,
        // Fax only on every fifth US/CA number, MMS nowhere in GB: enough to see the filters work.
        capabilities: { voice: true, SMS: true, MMS: country !== 'GB', fax: country !== 'GB' && i % 5 === 0 },
      });
    }
  }
  return out;
}

export function areaCodeOf(phoneNumber: string, country: string): string {
  const area = AREAS.find((a) => a.country === country && phoneNumber.startsWith(`+${a.prefix}`));
  return area?.areaCode ?? '';
}

/** Twilio's `Contains`: digits and letters with `*` for any one digit, matched anywhere in the national number. */
export function matchesContains(phoneNumber: string, country: string, pattern: string): boolean {
  const national = phoneNumber.slice(country === 'GB' ? 3 : 2);
  const regex = new RegExp(pattern.replace(/[^0-9*]/g, '').replace(/\*/g, '\\d'));
  return regex.test(national);
}
