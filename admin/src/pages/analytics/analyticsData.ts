import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CountMap, TimelinePoint } from '../../lib/analytics';
import { apiGet } from '../../providers/httpClient';

export type BrandPeriod = 30 | 90 | 365;
export type StatusMonth = 'current' | 'last';

/** GET /api/analytics/response-times: averages in hours, null without data. */
export interface ResponseTimes {
  avg_first_response_hours: number | null;
  avg_resolution_hours: number | null;
  first_response_sample_size: number;
  resolution_sample_size: number;
}

/** The window of the three performance cards and of the chart. */
export const PERFORMANCE_DAYS = 30;
export const TIMELINE_DAYS = 30;

/**
 * Each figure is refetched when the page opens (cached figures meanwhile),
 * and a selector change keeps the previous figures on screen until the new ones arrive.
 */
const fresh = { refetchOnMount: 'always', placeholderData: keepPreviousData } as const;

export function useBrandCounts(days: BrandPeriod) {
  return useQuery({
    queryKey: ['/api/analytics/brands', { days }],
    queryFn: () => apiGet<CountMap>(`/api/analytics/brands?days=${days}`),
    ...fresh,
  });
}

export function useStatusCounts(month: StatusMonth) {
  return useQuery({
    queryKey: ['/api/analytics/status', { month }],
    queryFn: () => apiGet<CountMap>(`/api/analytics/status?month=${month}`),
    ...fresh,
  });
}

/** Status counts of the tickets created in the last N days (for the resolution rate). */
export function useRecentStatusCounts(days: number) {
  return useQuery({
    queryKey: ['/api/analytics/status', { days }],
    queryFn: () => apiGet<CountMap>(`/api/analytics/status?days=${days}`),
    ...fresh,
  });
}

export function useTimeline(days: number) {
  return useQuery({
    queryKey: ['/api/analytics/timeline', { days }],
    queryFn: () => apiGet<TimelinePoint[]>(`/api/analytics/timeline?days=${days}`),
    ...fresh,
  });
}

export function useResponseTimes(days: number) {
  return useQuery({
    queryKey: ['/api/analytics/response-times', { days }],
    queryFn: () => apiGet<ResponseTimes>(`/api/analytics/response-times?days=${days}`),
    ...fresh,
  });
}
