import type { TenantSql } from '../../common/tenancy/tenant-sql.js';

/*
 * The setup checklist's facts as SQL (the read model of OnboardingService): one row of booleans
 * over the organization's settings, products, Twilio account, users and invitations. Scoped by TenantSql.
 */
const ONBOARDING_SQL = `
select o.name as name,
       o.onboarding_dismissed_at as dismissed_at,
       coalesce(cardinality(s.brands), 0) > 0 as brands,
       exists (select 1 from products p where @tenant(p)) as products,
       coalesce(s.smtp_host, '') <> '' as smtp,
       (o.twilio_subaccount_sid is not null or coalesce(s.twilio_account_sid, '') <> '') as twilio,
       ((select count(*) from users u where @tenant(u)) > 1
         or exists (select 1 from user_invitations i where @tenant(i))) as team
  from organizations o
  left join system_settings s on @tenant(s)
 where o.id = @tenant_id`;

export interface OnboardingRow {
  name: string;
  dismissed_at: Date | null;
  brands: boolean;
  products: boolean;
  smtp: boolean;
  twilio: boolean;
  team: boolean;
}

export async function onboardingRow(sql: TenantSql): Promise<OnboardingRow | undefined> {
  const rows = await sql.execute<OnboardingRow[]>(ONBOARDING_SQL);
  return rows[0];
}
