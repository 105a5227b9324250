import { useState } from 'react';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  Skeleton,
  Typography,
} from '@mui/material';
import { ListBase, Pagination, useListContext } from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/useToast';
import { formatShortDate } from '../../lib/date';
import { displayName, userInitials } from '../../lib/userDisplay';
import { canRemoveUser, usersCountText, type InvitedUser, type UserListItem } from '../../lib/userManagement';
import { useCurrentUser } from '../../providers/session';
import { useRefreshUsers } from './api';
import { CredentialsDialog } from './CredentialsDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { RemoveUserDialog } from './RemoveUserDialog';

export const ACCESS_DENIED = 'Access Denied: Only account owners can access user management.';
const SUBTITLE = 'Manage the people who can access your organization';
const PER_PAGE = 25;

/**
 * /users: the organization's users for the account owner. Anyone else gets the
 * access-denied notice and the list is never requested (the server refuses it anyway).
 */
export function UserList() {
  const { data: user } = useCurrentUser();
  if (!user?.is_account_owner) {
    return (
      <>
        <PageHeader title="Users" />
        <Alert severity="error" data-testid="users-access-denied">
          {ACCESS_DENIED}
        </Alert>
      </>
    );
  }
  return <OwnerUserList />;
}

function OwnerUserList() {
  const toast = useToast();
  return (
    <ListBase
      resource="users"
      perPage={PER_PAGE}
      sort={{ field: 'created_at', order: 'ASC' }}
      queryOptions={{
        onError: () => toast('Error', { description: 'Failed to fetch users', variant: 'destructive' }),
      }}
    >
      <UserListView />
    </ListBase>
  );
}

function UserListView() {
  const refresh = useRefreshUsers();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [invited, setInvited] = useState<InvitedUser | null>(null);
  const [credentialsOpen, setCredentialsOpen] = useState(false);
  const [removing, setRemoving] = useState<UserListItem | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);

  return (
    <>
      <PageHeader
        title="Users"
        subtitle={SUBTITLE}
        actions={
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            onClick={() => setInviteOpen(true)}
            data-testid="invite-user-button"
          >
            Invite User
          </Button>
        }
      />
      <UserRows
        onRemove={user => {
          setRemoving(user);
          setRemoveOpen(true);
        }}
      />
      <InviteUserDialog
        open={inviteOpen}
        onClose={() => setInviteOpen(false)}
        onInvited={result => {
          setInviteOpen(false);
          setInvited(result);
          setCredentialsOpen(true);
          void refresh();
        }}
      />
      <CredentialsDialog invited={invited} open={credentialsOpen} onClose={() => setCredentialsOpen(false)} />
      <RemoveUserDialog user={removing} open={removeOpen} onClose={() => setRemoveOpen(false)} />
    </>
  );
}

function UserRows({ onRemove }: { onRemove: (user: UserListItem) => void }) {
  const { data, total, isPending, error } = useListContext<UserListItem>();
  const { data: me } = useCurrentUser();

  return (
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
      {isPending ? (
        <Box sx={{ p: 2 }}>
          {[0, 1, 2].map(key => (
            <Skeleton key={key} variant="rounded" height={56} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : error ? (
        <Box sx={{ p: 3 }}>
          <Typography color="text.secondary">Failed to fetch users</Typography>
        </Box>
      ) : (
        <Box component="ul" data-testid="users-list" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {(data ?? []).map((user, index) => (
            <UserRow key={user.id} user={user} currentUserId={me?.id} first={index === 0} onRemove={onRemove} />
          ))}
        </Box>
      )}
      {!isPending && (total ?? 0) > PER_PAGE ? <Pagination rowsPerPageOptions={[PER_PAGE]} /> : null}
    </Card>
  );
}

function UserRow({
  user,
  currentUserId,
  first,
  onRemove,
}: {
  user: UserListItem;
  currentUserId: string | number | undefined;
  first: boolean;
  onRemove: (user: UserListItem) => void;
}) {
  const name = displayName(user);
  const isYou = String(user.id) === String(currentUserId);
  const removable = canRemoveUser(user, currentUserId);

  return (
    <Box
      component="li"
      data-testid={`user-row-${user.username}`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1.5,
        borderTop: first ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Avatar sx={{ bgcolor: user.is_account_owner ? 'primary.main' : 'grey.400', width: 40, height: 40, fontSize: 16 }}>
        {userInitials(user)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, rowGap: 0.5 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          {user.is_account_owner ? (
            <Chip label="Owner" size="small" color="primary" data-testid="badge-owner" />
          ) : null}
          {isYou ? <Chip label="You" size="small" variant="outlined" data-testid="badge-you" /> : null}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {name !== user.username ? `@${user.username}` : null}
          {name !== user.username && user.email ? ' · ' : null}
          {user.email}
        </Typography>
      </Box>
      <Box sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'right', minWidth: 110 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          Joined
        </Typography>
        <Typography variant="body2">{formatShortDate(user.created_at)}</Typography>
      </Box>
      <Box sx={{ width: { xs: 'auto', sm: 104 }, display: 'flex', justifyContent: 'flex-end' }}>
        {removable ? (
          <Button
            size="small"
            color="error"
            variant="outlined"
            startIcon={<DeleteIcon />}
            onClick={() => onRemove(user)}
            data-testid={`remove-user-${user.username}`}
          >
            Remove
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
