import UsersIcon from '@mui/icons-material/PeopleOutline';
import type { UserListItem } from '../../providers/types';
import { lazyScreen } from '../../lib/lazyScreen';

const UserList = lazyScreen(() => import('./UserList'), 'UserList');

/** The users resource (account owners only): <Resource name="users" {...users} />. */
const users = {
  list: UserList,
  show: undefined,
  edit: undefined,
  create: undefined,
  icon: UsersIcon,
  recordRepresentation: (record: UserListItem) => record.username,
};

export default users;
