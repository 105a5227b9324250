import { Box, Chip, Link, Typography } from '@mui/material';
import { AUDIT_KINDS } from '@warranty-crm/contract';
import { DataTable, DateInput, List, SelectInput, useListContext } from 'react-admin';
import { auditChangeText, auditKindLabel } from '../../lib/auditLog';
import { formatShortDate } from '../../lib/date';
import type { AuditEntry } from '../../providers/types';

const Column = DataTable.Col<AuditEntry>;

const filters = [
  <SelectInput key="kind" source="kind" label="Kind" choices={AUDIT_KINDS.map((kind) => ({ id: kind, name: auditKindLabel(kind) }))} alwaysOn />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];

/** Who did it; a click shows only that user's lines (the actor_id filter). */
function ActorCell({ entry }: { entry: AuditEntry }) {
  const { filterValues, setFilters } = useListContext();
  if (!entry.actor_id) return <>System</>;
  return (
    <Link component="button" type="button" onClick={() => setFilters({ ...filterValues, actor_id: entry.actor_id })} title="Show only this user's lines">
      {entry.actor_username ?? entry.actor_id}
    </Link>
  );
}

/** The actor filter in use, with a way to clear it. */
function ActorFilterChip() {
  const { filterValues, setFilters, data } = useListContext<AuditEntry>();
  if (!filterValues.actor_id) return null;
  const name = data?.find((entry) => entry.actor_id === filterValues.actor_id)?.actor_username ?? 'one user';
  const { actor_id: _, ...rest } = filterValues;
  return <Chip sx={{ m: 1 }} label={`Only ${name}`} onDelete={() => setFilters(rest)} data-testid="audit-log-actor-filter" />;
}

/**
 * Settings → Audit log (owner and admins): who changed what, when and from where, newest first,
 * as a react-admin list on GET /api/audit-log. Read only: the API has no way to edit a line.
 */
export function AuditLogList() {
  return (
    <List<AuditEntry>
      resource="audit-log"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      disableSyncWithLocation
      storeKey={false}
      exporter={false}
      title={false}
      actions={false}
      empty={<Typography color="text.secondary" sx={{ p: 2 }}>Nothing recorded yet.</Typography>}
      sx={{ '& .RaList-main': { boxShadow: 'none' } }}
    >
      <ActorFilterChip />
      <DataTable<AuditEntry> bulkActionButtons={false} rowClick={false} data-testid="audit-log-table">
        <Column label="When" source="created_at" render={(entry) => `${formatShortDate(entry.created_at)} ${new Date(entry.created_at).toLocaleTimeString()}`} />
        <Column label="Who" source="actor_username" disableSort render={(entry) => <ActorCell entry={entry} />} />
        <Column label="What" source="kind" disableSort render={(entry) => (
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>{auditKindLabel(entry.kind)}{entry.subject ? ` · ${entry.subject}` : ''}</Typography>
            {entry.changes.map((change, index) => (
              <Typography key={index} variant="caption" color="text.secondary" component="div">{auditChangeText(change)}</Typography>
            ))}
          </Box>
        )} />
        <Column label="From" source="ip" disableSort render={(entry) => (
          <Box>
            <Typography variant="body2">{entry.ip ?? '—'}</Typography>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere', maxWidth: 260 }}>{entry.user_agent}</Typography>
          </Box>
        )} />
      </DataTable>
    </List>
  );
}
