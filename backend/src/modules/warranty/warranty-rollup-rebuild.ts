/**
 * The Warranty rollups of one organization recomputed from a scan of tickets and warranty_claims:
 * what the triggers keep, for a bulk load with the triggers off (bench/warranty-analytics.ts) or a
 * repair. Run in one transaction. Scoped with the tenant tokens (`@tenant()`): bind each with
 * bindTenant (common/tenancy/tenant-statement.ts). Imports nothing, so the bench reads it as it is.
 * Rows are written in day order, so a period's partial first month reads a few adjacent pages.
 */
export const REBUILD_WARRANTY_ROLLUPS_SQL = [
  // The monthly rollups follow warranty_rollups by its triggers: its delete leaves them zero, cleared here, its insert fills them.
  `delete from warranty_rollups where @tenant()`,
  `delete from warranty_rollups_monthly where @tenant()`,
  `delete from warranty_resolution_hours where @tenant()`,
  `delete from warranty_resolution_hours_monthly where @tenant()`,
  `insert into warranty_rollups (organization_id, day, brand, sku, product, category, claims, approved, denied, cost, resolved, resolution_seconds)
   select organization_id, day, brand, sku, product, category, sum(claims), sum(approved), sum(denied), sum(cost), sum(resolved), sum(seconds)
     from (
       select organization_id, (created_at at time zone 'UTC')::date as day, coalesce(product_brand, '') as brand, coalesce(product_sku, '') as sku,
              coalesce(product_model, '') as product, coalesce(issue_category, '') as category, 1 as claims, 0 as approved, 0 as denied, 0::numeric as cost, 0 as resolved, 0::float8 as seconds
         from tickets where @tenant()
       union all
       select organization_id, day, brand, sku, product, category, 0, (decision = 'approved')::int, (decision = 'denied')::int, total_cost,
              (resolved_at is not null)::int, coalesce(extract(epoch from resolved_at - claimed_at), 0)
         from warranty_claims where @tenant()
     ) facts
    group by organization_id, day, brand, sku, product, category order by organization_id, day`,
  `insert into warranty_resolution_hours (organization_id, day, hours, n)
   select organization_id, day, floor(extract(epoch from resolved_at - claimed_at) / 3600)::int, count(*)
     from warranty_claims where @tenant() and resolved_at is not null group by 1, 2, 3 order by 1, 2, 3`,
  // The same histogram by month (the first day of the claim day's month).
  `insert into warranty_resolution_hours_monthly (organization_id, month, hours, n)
   select organization_id, day - extract(day from day)::int + 1, floor(extract(epoch from resolved_at - claimed_at) / 3600)::int, count(*)
     from warranty_claims where @tenant() and resolved_at is not null group by 1, 2, 3 order by 1, 2, 3`,
];

