import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Avatar, Box, Button, Chip, Typography } from '@mui/material';
import { DataTable, DataTableBody, DataTableRow, useRecordContext } from 'react-admin';
import { formatShortDate } from '../../lib/date';
import { displayName, userInitials } from '../../lib/userDisplay';
import { canRemoveUser } from '../../lib/userManagement';
import type { UserListItem } from '../../providers/types';
import { useCurrentUser } from '../../providers/useAccount';
import { RoleSelect } from './RoleSelect';

function UserRow(props: React.ComponentProps<typeof DataTableRow>) {
  const user = useRecordContext<UserListItem>();
  return <DataTableRow {...props} data-testid={`user-row-${user?.username}`} />;
}

function UserBody(props: React.ComponentProps<typeof DataTableBody>) {
  return <DataTableBody {...props} row={UserRow} />;
}

const Column = DataTable.Col<UserListItem>;

/** The organization's users: who they are (Owner and You badges), when they joined, Remove. */
export function UserTable({ onRemove }: { onRemove: (user: UserListItem) => void }) {
  const { user: me } = useCurrentUser();
  return (
    <DataTable<UserListItem> body={UserBody} bulkActionButtons={false} rowClick={false} size="medium">
      <Column label="User" source="username" render={user => <UserCell user={user} isYou={String(user.id) === String(me?.id)} />} />
      <Column label="Role" source="role" disableSort render={user => <RoleSelect user={user} />} />
      <Column label="Joined" source="created_at" cellSx={() => ({ whiteSpace: 'nowrap' })} render={user => formatShortDate(user.created_at)} />
      <Column
        label=""
        disableSort
        cellSx={() => ({ textAlign: 'right', width: 120 })}
        render={user =>
          canRemoveUser(user, me?.id) ? (
            <Button size="small" color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => onRemove(user)} data-testid={`remove-user-${user.username}`}>
              Remove
            </Button>
          ) : null
        }
      />
    </DataTable>
  );
}

function UserCell({ user, isYou }: { user: UserListItem; isYou: boolean }) {
  const name = displayName(user);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Avatar sx={{ bgcolor: user.is_account_owner ? 'primary.main' : 'grey.400', width: 40, height: 40, fontSize: 16 }}>{userInitials(user)}</Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, rowGap: 0.5 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          {user.is_account_owner ? <Chip label="Owner" size="small" color="primary" data-testid="badge-owner" /> : null}
          {isYou ? <Chip label="You" size="small" variant="outlined" data-testid="badge-you" /> : null}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {name !== user.username ? `@${user.username}` : null}
          {name !== user.username && user.email ? ' · ' : null}
          {user.email}
        </Typography>
      </Box>
    </Box>
  );
}
