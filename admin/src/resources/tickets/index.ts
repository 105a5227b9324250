import TicketIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import type { RaRecord } from 'react-admin';
import { TicketList } from './TicketList';

/** The tickets resource: <Resource name="tickets" {...tickets} />. */
const tickets = {
  list: TicketList,
  icon: TicketIcon,
  recordRepresentation: (record: RaRecord) => String(record.ticket_number ?? record.id),
};

export default tickets;
