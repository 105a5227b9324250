import { useState } from 'react';
import { alpha, Button, Menu, MenuItem, Paper, Typography } from '@mui/material';
import { useDeleteMany, useListContext, useUnselectAll, useUpdateMany } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/useToast';
import { useAssignees } from './assignment/AssigneeSelect';
import { BULK_PRIORITY_ACTIONS, BULK_STATUS_ACTIONS, deleteConfirmText, deletedText, selectedText, updatedText } from '../../lib/ticketList';

/**
 * Mark Open, In Progress (Pending), Resolved, Closed, and High / Medium / Low Priority: one PATCH
 * /api/tickets/bulk-update through useUpdateMany with the status or the priority.
 */
function BulkUpdateButton({ label, data, testId }: { label: string; data: { status: string } | { priority: string }; testId?: string }) {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('tickets');
  const toast = useToast();
  const [updateMany, { isPending }] = useUpdateMany('tickets');
  const run = () => {
    if (!selectedIds.length) return;
    updateMany(
      'tickets',
      { ids: selectedIds, data },
      {
        onSuccess: ids => {
          toast('Tickets Updated', { description: updatedText(ids?.length ?? selectedIds.length), variant: 'success' });
          unselectAll();
        },
        onError: error => toast('Error', { description: (error as Error)?.message || 'Failed to update tickets', variant: 'destructive' }),
      },
    );
  };
  return (
    <Button size="small" variant="outlined" disabled={isPending} onClick={run} sx={{ bgcolor: 'background.paper' }} data-testid={testId}>
      {label}
    </Button>
  );
}

/** Assign: a menu of the organization's users and Unassigned; one PATCH /api/tickets/bulk-update with assignee_id. */
function BulkAssignButton() {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('tickets');
  const toast = useToast();
  const { data: users = [] } = useAssignees();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [updateMany, { isPending }] = useUpdateMany('tickets');
  const run = (assigneeId: string | null) => {
    setAnchor(null);
    if (!selectedIds.length) return;
    updateMany(
      'tickets',
      { ids: selectedIds, data: { assignee_id: assigneeId } },
      {
        onSuccess: ids => {
          toast('Tickets Updated', { description: updatedText(ids?.length ?? selectedIds.length), variant: 'success' });
          unselectAll();
        },
        onError: error => toast('Error', { description: (error as Error)?.message || 'Failed to update tickets', variant: 'destructive' }),
      },
    );
  };
  return (
    <>
      <Button size="small" variant="outlined" disabled={isPending} onClick={e => setAnchor(e.currentTarget)} sx={{ bgcolor: 'background.paper' }} data-testid="bulk-assign">
        Assign
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} data-testid="bulk-assign-menu">
        {users.map(user => (
          <MenuItem key={user.id} onClick={() => run(user.id)}>
            {user.name}
          </MenuItem>
        ))}
        <MenuItem onClick={() => run(null)}>
          <em>Unassigned</em>
        </MenuItem>
      </Menu>
    </>
  );
}

/** Delete, after "Are you sure you want to delete N ticket(s)?": DELETE /api/tickets/bulk-delete through useDeleteMany. */
function BulkDeleteButton() {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('tickets');
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [deleteMany, { isPending }] = useDeleteMany('tickets');
  const run = () => {
    setOpen(false);
    if (!selectedIds.length) return;
    deleteMany(
      'tickets',
      { ids: selectedIds },
      {
        onSuccess: ids => {
          toast('Tickets Deleted', { description: deletedText(ids?.length ?? selectedIds.length), variant: 'success' });
          unselectAll();
        },
        onError: error => toast('Error', { description: (error as Error)?.message || 'Failed to delete tickets', variant: 'destructive' }),
      },
    );
  };
  return (
    <>
      <Button size="small" variant="contained" color="error" disabled={isPending} onClick={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete tickets"
        content={deleteConfirmText(selectedIds.length)}
        confirmLabel="Delete"
        testId="bulk-delete"
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** The bar over the table while tickets are selected: "N selected" and the spec's bulk buttons. */
export function TicketBulkBar() {
  const { selectedIds } = useListContext();
  if (!selectedIds.length) return null;
  return (
    <Paper
      variant="outlined"
      data-testid="bulk-bar"
      sx={{
        mb: 1.5,
        px: 2,
        py: 1.25,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        bgcolor: theme => alpha(theme.palette.primary.main, 0.06),
        borderColor: theme => alpha(theme.palette.primary.main, 0.3),
      }}
    >
      <Typography sx={{ fontWeight: 600, mr: 1 }} data-testid="bulk-selected-count">
        {selectedText(selectedIds.length)}
      </Typography>
      {BULK_STATUS_ACTIONS.map(action => (
        <BulkUpdateButton key={action.label} label={action.label} data={{ status: action.status }} />
      ))}
      {BULK_PRIORITY_ACTIONS.map(action => (
        <BulkUpdateButton key={action.label} label={action.label} data={{ priority: action.priority }} testId={`bulk-priority-${action.priority.toLowerCase()}`} />
      ))}
      <BulkAssignButton />
      <BulkDeleteButton />
    </Paper>
  );
}
