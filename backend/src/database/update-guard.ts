/**
 * A statement trigger function's first statement: on UPDATE, return when no row changed any of
 * `columns` (the old and new transition tables joined on `id`). A statement trigger runs for every
 * UPDATE of its table (a confirmation's, a note's, one that matched no row), and its upserts would
 * then run in full to add nothing. `table` names what the function keeps, for the comment.
 */
export function updateGuardSql(table: string, columns: readonly string[]): string {
  const changed = `(${columns.map((c) => `o.${c}`).join(', ')}) is distinct from (${columns.map((c) => `n.${c}`).join(', ')})`;
  return `  if TG_OP = 'UPDATE' then
    -- nothing ${table} counts here changed: the upserts below would add nothing
    if not exists (select 1 from old_rows o full join new_rows n on n.id = o.id where o.id is null or n.id is null or ${changed}) then
      return null;
    end if;
  end if;
`;
}
