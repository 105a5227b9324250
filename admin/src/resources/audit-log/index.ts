import HistoryIcon from '@mui/icons-material/History';
import type { AuditEntry } from '../../providers/types';
import { auditKindLabel } from '../../lib/auditLog';
import { AuditLogList } from './AuditLogList';

/** The audit log (owner and admins), shown in Settings → Audit Log: read only. */
const auditLog = {
  list: AuditLogList,
  show: undefined,
  edit: undefined,
  create: undefined,
  icon: HistoryIcon,
  recordRepresentation: (record: AuditEntry) => auditKindLabel(record.kind),
};

export default auditLog;
export { AuditLogList };
