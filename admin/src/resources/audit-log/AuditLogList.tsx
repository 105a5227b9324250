import { Box, Typography } from '@mui/material';
import { AUDIT_KINDS } from '@warranty-crm/contract';
import { DataTable, DateInput, List, SelectInput, TextInput } from 'react-admin';
import { auditChangeText, auditKindLabel } from '../../lib/auditLog';
import { formatShortDate } from '../../lib/date';
import type { AuditEntry } from '../../providers/types';

const Column = DataTable.Col<AuditEntry>;

const filters = [
  <SelectInput key="kind" source="kind" label="Kind" choices={AUDIT_KINDS.map((kind) => ({ id: kind, name: auditKindLabel(kind) }))} alwaysOn />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
  <TextInput key="actor_id" source="actor_id" label="User id" />,
];

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
      <DataTable<AuditEntry> bulkActionButtons={false} rowClick={false} data-testid="audit-log-table">
        <Column label="When" source="created_at" render={(entry) => `${formatShortDate(entry.created_at)} ${new Date(entry.created_at).toLocaleTimeString()}`} />
        <Column label="Who" source="actor_username" disableSort render={(entry) => entry.actor_username ?? 'System'} />
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
