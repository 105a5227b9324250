import { keepPreviousData } from '@tanstack/react-query';
import { useCrmQuery } from '../../providers/useCrm';

export type BrandPeriod = 30 | 90 | 365;
export type StatusMonth = 'current' | 'last';

/** The window of the three performance cards and of the chart. */
export const PERFORMANCE_DAYS = 30 as const;
export const TIMELINE_DAYS = 30 as const;

/**
 * Each figure is refetched when the page opens (cached figures meanwhile), and a selector change
 * keeps the previous figures on screen until the new ones arrive. Ticket writes refetch them too.
 */
const fresh = { refetchOnMount: 'always', placeholderData: keepPreviousData } as const;

export function useBrandCounts(days: BrandPeriod) {
  return useCrmQuery('tickets', 'getBrandCounts', [{ days }], fresh);
}

export function useStatusCounts(month: StatusMonth) {
  return useCrmQuery('tickets', 'getStatusCounts', [{ month }], fresh);
}

/** Status counts of the tickets created in the last N days (for the resolution rate). */
export function useRecentStatusCounts(days: BrandPeriod) {
  return useCrmQuery('tickets', 'getStatusCounts', [{ days }], fresh);
}

export function useTimeline(days: BrandPeriod) {
  return useCrmQuery('tickets', 'getTimeline', [{ days }], fresh);
}

export function useResponseTimes(days: BrandPeriod) {
  return useCrmQuery('tickets', 'getResponseTimes', [{ days }], fresh);
}

/** The share of tickets answered within their response promise. */
export function useResponsePromises(days: BrandPeriod) {
  return useCrmQuery('tickets', 'getResponsePromises', [{ days }], fresh);
}
