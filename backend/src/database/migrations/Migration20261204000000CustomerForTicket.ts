import { Migration } from '@mikro-orm/migrations';

/**
 * A ticket's customer in one call (issue 32), so a create is one statement: `customer_for_ticket`
 * takes the locks of the contact's phone and e-mail (`lock_customer_contacts`, the keys every intake
 * and the customer edit take), then finds, updates or makes the customer and answers its row. Being
 * VOLATILE, each of its statements reads a snapshot taken after the locks were granted, so it sees a
 * customer that a create of the same contact committed meanwhile, even inside one outer statement.
 *
 * The rule: the customer with the contact's phone when one is given; else the newest with its e-mail,
 * unless both have a phone (a customer found by e-mail with another phone on file is another person);
 * else a new one (`contact.id`). Name and e-mail follow the latest ticket, a phone fills an empty one;
 * the row is written only when one of them changes. `contact`: { id, name, email, phone }, the e-mail
 * in lower case and the phone as rows keep it. Frozen SQL.
 */
export class Migration20261204000000CustomerForTicket extends Migration {

  override name = 'Migration20261204000000CustomerForTicket';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "lock_customer_contacts"(org uuid, phone text, email text) returns void
language plpgsql volatile as $fn$
begin
  perform pg_advisory_xact_lock(hashtextextended(keys.k, 0)) from (
    select org::text || ':' || k as k
      from unnest(array[case when phone <> '' then 'phone:' || phone end, case when email <> '' then 'email:' || email end]) k
     where k is not null
     order by 1) keys;
end
$fn$;`);
    this.addSql(`create or replace function "customer_for_ticket"(org uuid, contact json) returns json
language plpgsql volatile as $fn$
declare
  c_id uuid := (contact ->> 'id')::uuid;
  c_name text := contact ->> 'name';
  c_email text := nullif(contact ->> 'email', '');
  c_phone text := nullif(contact ->> 'phone', '');
  found_id uuid;
  found_phone text;
  answer json;
begin
  perform lock_customer_contacts(org, c_phone, c_email);
  if c_phone is not null then
    select cu.id into found_id from customers cu where cu.organization_id = org and cu.phone = c_phone
     order by cu.created_at desc, cu.id desc limit 1;
  end if;
  if found_id is null and c_email is not null then
    select cu.id, cu.phone into found_id, found_phone from customers cu where cu.organization_id = org and cu.email = c_email
     order by cu.created_at desc, cu.id desc limit 1;
    if found_id is not null and c_phone is not null and found_phone is not null then
      found_id := null;
    end if;
  end if;
  if found_id is null then
    insert into customers (id, organization_id, name, email, phone) values (c_id, org, c_name, c_email, c_phone)
    returning row_to_json(customers) into answer;
    return answer;
  end if;
  update customers cu set name = c_name, email = coalesce(c_email, cu.email), phone = coalesce(cu.phone, c_phone)
   where cu.id = found_id
     and (cu.name, cu.email, cu.phone) is distinct from (c_name, coalesce(c_email, cu.email), coalesce(cu.phone, c_phone))
  returning row_to_json(cu) into answer;
  if answer is null then
    select row_to_json(cu) into answer from customers cu where cu.id = found_id;
  end if;
  return answer;
end
$fn$;`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop function if exists "customer_for_ticket"(uuid, json);');
    this.addSql('drop function if exists "lock_customer_contacts"(uuid, text, text);');
  }

}
