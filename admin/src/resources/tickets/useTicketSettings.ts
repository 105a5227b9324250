import { useCrmQuery } from '../../providers/useCrm';

/**
 * What the ticket forms read of the settings: the brands to pick from and the questions the
 * organization asks (`ticket_fields_enabled`; undefined while loading: every question).
 */
export function useTicketSettings(): { brands: string[]; questions: string[] | undefined; isPending: boolean } {
  const { data, isPending } = useCrmQuery('settings', 'getSettings', []);
  return { brands: data?.brands ?? [], questions: data?.ticket_fields_enabled, isPending };
}
