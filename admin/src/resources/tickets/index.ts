import TicketIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import type { RaRecord } from 'react-admin';
import { TicketDetail } from './TicketDetail';
import { TicketList } from './TicketList';

/**
 * The tickets resource: <Resource name="tickets" {...tickets} />.
 * The detail page lives at /tickets/{id} (spec route table), which is react-admin's
 * edit route; it is also mounted as the show view so /tickets/{id}/show works.
 * Tickets are created in a dialog on the list, so there is no create route.
 */
const tickets = {
  list: TicketList,
  edit: TicketDetail,
  show: TicketDetail,
  icon: TicketIcon,
  recordRepresentation: (record: RaRecord) => String(record.ticket_number ?? record.id),
};

export default tickets;
