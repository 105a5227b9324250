import TicketIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import type { Ticket } from '../../providers/types';
import { lazyScreen } from '../../lib/lazyScreen';

const TicketDetail = lazyScreen(() => import('./TicketDetail'), 'TicketDetail');
const TicketList = lazyScreen(() => import('./TicketList'), 'TicketList');

/**
 * The tickets resource: <Resource name="tickets" {...tickets} />. The detail page lives at
 * /tickets/{id} (the spec's route), which is react-admin's edit route; it is also the show view.
 * Tickets are created in a dialog on the list, so there is no create route.
 */
const tickets = {
  list: TicketList,
  edit: TicketDetail,
  show: TicketDetail,
  create: undefined,
  icon: TicketIcon,
  recordRepresentation: (record: Ticket) => record.ticket_number ?? String(record.id),
};

export default tickets;
