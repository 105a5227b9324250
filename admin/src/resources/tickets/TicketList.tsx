import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Placeholder until the ticket list lands (filters, table, bulk actions). */
export function TicketList() {
  return <PlaceholderPage title="Tickets" />;
}
