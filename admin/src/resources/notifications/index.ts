import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import type { RaRecord } from 'react-admin';
import { lazyScreen } from '../../lib/lazyScreen';

const NotificationList = lazyScreen(() => import('./NotificationList'), 'NotificationList');

/** The user's notifications: <Resource name="notifications" {...notifications} /> (list at /notifications). */
const notifications = {
  list: NotificationList,
  icon: NotificationsIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? record.id),
};

export default notifications;
