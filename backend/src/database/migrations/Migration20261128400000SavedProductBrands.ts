import { Migration } from '@mikro-orm/migrations';

/**
 * Products belong to saved brands (issue 26). Before, a product could be made for a brand added in
 * Settings but never saved, or keep a brand removed later: such products were unreachable (Manage
 * Products opens per saved brand) yet still decided tickets' warranty terms. Nothing is deleted:
 * each organization's settings get the brands its products name back, appended to its list in
 * alphabetical order (and a settings row with the default questions where it had none), so every
 * product is listed again and can be deleted or moved by its owner.
 */
export class Migration20261128400000SavedProductBrands extends Migration {

  override name = 'Migration20261128400000SavedProductBrands';

  override up(): void | Promise<void> {
    this.addSql(`insert into "system_settings" ("organization_id", "ticket_fields_enabled")
      select distinct p."organization_id", '{product_model,purchase_location,purchase_date,issue_description,injury_reported,property_damage}'::text[]
      from "products" p
      where not exists (select 1 from "system_settings" s where s."organization_id" = p."organization_id");`);
    this.addSql(`update "system_settings" s set "brands" = s."brands" || orphans."brands", "updated_at" = now()
      from (
        select p."organization_id", array_agg(distinct p."brand" order by p."brand") as "brands"
        from "products" p
        join "system_settings" s2 on s2."organization_id" = p."organization_id"
        where not (p."brand" = any(s2."brands"))
        group by p."organization_id"
      ) orphans
      where s."organization_id" = orphans."organization_id";`);
  }

  override down(): void | Promise<void> {
    // The brands stay: removing them again would orphan the products once more.
  }
}
