import { Box, Chip, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useListContext } from 'react-admin';
import { useCrmQuery } from '../../../providers/useCrm';

/** The list filter without the assignee. */
export function withoutAssignee(filter: Record<string, unknown>): Record<string, unknown> {
  const { assignee_id: _assignee, ...rest } = filter;
  return rest;
}

/**
 * The filter sidebar's "Assigned to me" and "Unassigned", each with its count (GET
 * /api/tickets/assignment-counts, refetched after any write to tickets): a click filters the list
 * (assignee_id me / none, with the other filters kept), a second click clears it.
 */
export function AssignmentFilters() {
  const { filterValues, setFilters } = useListContext();
  const { data: counts } = useCrmQuery('tickets', 'getAssignmentCounts', []);
  const active = typeof filterValues.assignee_id === 'string' ? filterValues.assignee_id : null;
  const count = (n: number | undefined, testId: string) => <Chip size="small" label={n ?? '…'} sx={{ ml: 1, height: 20 }} data-testid={testId} />;
  return (
    <Box sx={{ mb: 2 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={active}
        onChange={(_event, next: string | null) => setFilters(next ? { ...filterValues, assignee_id: next } : withoutAssignee(filterValues), {})}
        aria-label="Assignee"
      >
        <ToggleButton value="me" data-testid="filter-assigned-to-me" sx={{ textTransform: 'none' }}>
          Assigned to me
          {count(counts?.assigned_to_me, 'assigned-to-me-count')}
        </ToggleButton>
        <ToggleButton value="none" data-testid="filter-unassigned" sx={{ textTransform: 'none' }}>
          Unassigned
          {count(counts?.unassigned, 'unassigned-count')}
        </ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
