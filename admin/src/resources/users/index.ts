import UsersIcon from '@mui/icons-material/PeopleOutline';
import type { UserListItem } from '../../providers/types';
import { UserList } from './UserList';

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
