import { apiGet, withQuery } from '../httpClient';
import type { ApiQuery, CountMap, ResponsePromises, ResponseTimes, TimelinePoint } from '../types';

/** GET /api/analytics/*: every figure of the analytics page comes from the API. */
export const analyticsMethods = {
  getBrandCounts: (query: ApiQuery<'AnalyticsController_brands'>) => apiGet<CountMap>(withQuery('/analytics/brands', query)),
  getStatusCounts: (query: ApiQuery<'AnalyticsController_status'>) => apiGet<CountMap>(withQuery('/analytics/status', query)),
  getTimeline: (query: ApiQuery<'AnalyticsController_timeline'>) => apiGet<TimelinePoint[]>(withQuery('/analytics/timeline', query)),
  getResponseTimes: (query: ApiQuery<'AnalyticsController_responseTimes'>) =>
    apiGet<ResponseTimes>(withQuery('/analytics/response-times', query)),
  getResponsePromises: (query: ApiQuery<'AnalyticsController_responsePromises'>) =>
    apiGet<ResponsePromises>(withQuery('/analytics/response-promises', query)),
};
