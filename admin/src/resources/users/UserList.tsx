import { useState } from 'react';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Alert, Button, Card, CardContent, Divider, Typography } from '@mui/material';
import { ListBase, Pagination, useDelete, useListContext } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { removeConfirmText, usersCountText } from '../../lib/userManagement';
import type { InvitedUser, UserListItem } from '../../providers/types';
import { useAccountPermissions } from '../../providers/useAccount';
import { CredentialsDialog } from './CredentialsDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { UserTable } from './UserTable';

export const ACCESS_DENIED = 'Access Denied: Only account owners can access user management.';
const PER_PAGE = 25;

/**
 * /users: the organization's users for the account owner (react-admin permissions). Anyone else
 * gets the access-denied notice and the list is never requested (the server refuses it anyway).
 */
export function UserList() {
  const { permissions, isPending } = useAccountPermissions();
  if (isPending) return null;
  if (!permissions?.isAccountOwner) {
    return (
      <>
        <PageHeader title="Users" />
        <Alert severity="error" data-testid="users-access-denied">
          {ACCESS_DENIED}
        </Alert>
      </>
    );
  }
  return (
    <ListBase perPage={PER_PAGE} sort={{ field: 'created_at', order: 'ASC' }}>
      <OwnerUserList />
    </ListBase>
  );
}

function OwnerUserList() {
  const toast = useToast();
  const { total, isPending } = useListContext<UserListItem>();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [invited, setInvited] = useState<InvitedUser | null>(null);
  const [removing, setRemoving] = useState<UserListItem | null>(null);
  const [remove, { isPending: removePending }] = useDelete<UserListItem>('users');

  const confirmRemove = () =>
    removing &&
    remove(
      'users',
      { id: removing.id, previousData: removing },
      {
        onSuccess: () => {
          toast('User removed', { description: `${removing.username} has been removed from your organization.`, variant: 'success' });
          setRemoving(null);
        },
        onError: failure => toast('Failed to remove user', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Manage the people who can access your organization"
        actions={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviteOpen(true)} data-testid="invite-user-button">
            Invite User
          </Button>
        }
      />
      <Card>
        <CardContent sx={{ pb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            Team Members
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="users-count">
            {isPending ? '\u00a0' : usersCountText(total ?? 0)}
          </Typography>
        </CardContent>
        <Divider />
        <UserTable onRemove={setRemoving} />
        {(total ?? 0) > PER_PAGE ? <Pagination rowsPerPageOptions={[PER_PAGE]} /> : null}
      </Card>
      <InviteUserDialog
        open={inviteOpen}
        onClose={() => setInviteOpen(false)}
        onInvited={result => {
          setInviteOpen(false);
          setInvited(result);
        }}
      />
      <CredentialsDialog invited={invited} open={invited !== null} onClose={() => setInvited(null)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove User"
        content={removeConfirmText(removing?.username ?? '')}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={removePending}
        testId="remove-user"
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
