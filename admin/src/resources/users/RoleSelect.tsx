import { MenuItem, TextField, Typography } from '@mui/material';
import { ASSIGNABLE_ROLES, type AssignableRole, ROLE_LABELS, isRole } from '@warranty-crm/contract';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import type { UserListItem } from '../../providers/types';
import { useCrmMutation } from '../../providers/useCrm';

/**
 * The owner's role selector in Users: Admin or Agent for everyone but the account owner, whose
 * role is fixed (shown as text).
 */
export function RoleSelect({ user }: { user: UserListItem }) {
  const toast = useToast();
  const { mutate, isPending } = useCrmMutation('users', 'setUserRole', {
    onSuccess: (updated) => toast('Role changed', { description: `${updated.username} is now ${ROLE_LABELS[isRole(updated.role) ? updated.role : 'agent']}.`, variant: 'success' }),
    onError: (error) => toast('Could not change the role', { description: failureMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
  if (user.is_account_owner) {
    return <Typography variant="body2" data-testid={`role-${user.username}`}>{ROLE_LABELS.owner}</Typography>;
  }
  return (
    <TextField
      select
      size="small"
      value={user.role}
      disabled={isPending}
      onChange={(event) => mutate([String(user.id), event.target.value as AssignableRole])}
      slotProps={{ select: { SelectDisplayProps: { 'aria-label': `Role of ${user.username}`, 'data-testid': `role-select-${user.username}` } as object } }}
      sx={{ minWidth: 120 }}
    >
      {ASSIGNABLE_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {ROLE_LABELS[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}
