export const ANALYTICS_SUBTITLE = 'Insights into your warranty tickets and team performance.';
