import { useCrmQuery } from '../../providers/useCrm';

/** The dashboard shows fresh figures each time it is opened (cached ones meanwhile). */
const fresh = { refetchOnMount: 'always' } as const;

/** GET /api/tickets/metrics/trends: each card's figure now against the start of the period. */
export function useTicketTrends() {
  return useCrmQuery('tickets', 'getTicketTrends', [], fresh);
}

/** GET /api/tickets/recent: the latest tickets. */
export function useRecentTickets() {
  return useCrmQuery('tickets', 'getRecentTickets', [], fresh);
}

/** GET /api/onboarding: the setup checklist, fresh on every visit (its steps tick from other screens' saves). */
export function useOnboarding(enabled: boolean) {
  return useCrmQuery('onboarding', 'getOnboarding', [], { ...fresh, enabled });
}
