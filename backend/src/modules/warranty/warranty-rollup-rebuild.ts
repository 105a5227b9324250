/**
 * The Warranty rollups of one organization ($1) recomputed from a scan of tickets and warranty_claims:
 * what the triggers keep, for a bulk load with the triggers off (bench/warranty-analytics.ts) or a
 * repair. Run in one transaction.
 */
export const REBUILD_WARRANTY_ROLLUPS_SQL = [
  `delete from warranty_rollups where organization_id = $1`,
  `delete from warranty_resolution_hours where organization_id = $1`,
  `insert into warranty_rollups (organization_id, day, brand, sku, product, category, claims, approved, denied, cost, resolved, resolution_seconds)
   select organization_id, day, brand, sku, product, category, sum(claims), sum(approved), sum(denied), sum(cost), sum(resolved), sum(seconds)
     from (
       select organization_id, (created_at at time zone 'UTC')::date as day, coalesce(product_brand, '') as brand, coalesce(product_sku, '') as sku,
              coalesce(product_model, '') as product, coalesce(issue_category, '') as category, 1 as claims, 0 as approved, 0 as denied, 0::numeric as cost, 0 as resolved, 0::float8 as seconds
         from tickets where organization_id = $1
       union all
       select organization_id, day, brand, sku, product, category, 0, (decision = 'approved')::int, (decision = 'denied')::int, total_cost,
              (resolved_at is not null)::int, coalesce(extract(epoch from resolved_at - claimed_at), 0)
         from warranty_claims where organization_id = $1
     ) facts
    group by organization_id, day, brand, sku, product, category`,
  `insert into warranty_resolution_hours (organization_id, day, hours, n)
   select organization_id, day, floor(extract(epoch from resolved_at - claimed_at) / 3600)::int, count(*)
     from warranty_claims where organization_id = $1 and resolved_at is not null group by 1, 2, 3`,
];
