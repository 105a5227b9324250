import { Chip } from '@mui/material';
import { priorityColors, statusColors, type BadgeColors } from '../lib/badgeColors';

/** Status and priority are one or two short words: they stay on one line (a table column keeps its width). */
function Badge({ label, colors, testId }: { label: string; colors: BadgeColors; testId: string }) {
  return (
    <Chip
      size="small"
      label={label}
      data-testid={testId}
      sx={{ color: colors.color, backgroundColor: colors.background, fontWeight: 600, borderRadius: '999px', '& .MuiChip-label': { whiteSpace: 'nowrap' } }}
    />
  );
}

/** Ticket status badge: Open green, Pending blue, Closed gray, anything else gray. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  return <Badge label={status || 'N/A'} colors={statusColors(status)} testId="status-badge" />;
}

/** Ticket priority badge: High red, Medium amber, Low green, anything else gray. */
export function PriorityBadge({ priority }: { priority: string | null | undefined }) {
  return <Badge label={priority || 'N/A'} colors={priorityColors(priority)} testId="priority-badge" />;
}
