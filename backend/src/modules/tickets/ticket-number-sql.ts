/**
 * Ticket numbers come from one PostgreSQL sequence per organization, made and dropped with the
 * organization by the triggers below (so every way an organization is written gets one). nextval
 * takes no lock that lasts until commit, so an organization's creates run in parallel; a create
 * that rolls back leaves a gap, and the unique index keeps numbers from repeating. Here, without
 * imports, because the bench's seed imports this file as TypeScript.
 */

/** The SQL expression naming the sequence of the organization whose id is the SQL expression `org`. */
export function ticketNumberSequence(org: string): string {
  return `('ticket_numbers_' || replace((${org})::text, '-', ''))`;
}

/**
 * The organization's next number formatted as the spec's ticket number, WC- and six digits
 * (WC-000042; wider past 999999), as an SQL expression for its id as the expression's one
 * parameter: a create's insert takes its number in its own statement, with no round trip of its own.
 */
export const NEXT_FORMATTED_TICKET_NUMBER_SQL = `(select 'WC-' || lpad(n::text, greatest(6, length(n::text)), '0') from nextval(${ticketNumberSequence('?::uuid')}::regclass) as n)`;

/** Creates the sequence of the organization whose id is `org`, starting at `start` (SQL expressions). */
export function createTicketNumberSequence(org: string, start: string): string {
  return `execute format('create sequence if not exists %I as bigint start with %s', ${ticketNumberSequence(org)}, ${start});`;
}

export const ORGANIZATION_TRIGGER_FUNCTION_SQL = `
create or replace function "organizations_ticket_numbers"() returns trigger language plpgsql as $fn$
begin
  if TG_OP = 'INSERT' then
    ${createTicketNumberSequence('new.id', '1')}
  else
    execute format('drop sequence if exists %I', ${ticketNumberSequence('old.id')});
  end if;
  return null;
end $fn$;`;

/** The organizations table's triggers calling this function are declared with the Organization entity (organizations/organization-triggers.ts). */
