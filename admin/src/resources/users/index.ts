import UsersIcon from '@mui/icons-material/PeopleOutline';
import type { RaRecord } from 'react-admin';
import { UserList } from './UserList';

/** The users resource (account owners only): <Resource name="users" {...users} />. */
const users = {
  list: UserList,
  icon: UsersIcon,
  recordRepresentation: (record: RaRecord) => String(record.username ?? record.id),
};

export default users;
