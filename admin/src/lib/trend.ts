/** One metric's change as GET /api/tickets/metrics/trends reports it. */
export interface MetricTrend {
  current: number;
  previous: number;
  /** (current - previous) / previous * 100, one decimal; 0 when both are 0; null without a baseline. */
  change_percent: number | null;
  direction: 'up' | 'down' | 'flat';
}

/** What a metric card shows for a trend: the figure and its colour. */
export interface TrendBadge {
  /** "12%", "3.5%", "0%" (no sign: the arrow says the direction). */
  label: string;
  direction: 'up' | 'down' | 'flat';
  /** up is green, down is red, no change is grey (the spec's colours). */
  tone: 'positive' | 'negative' | 'neutral';
}

/** A percentage without its sign, at most one decimal, no trailing ".0". */
export function formatPercent(value: number): string {
  const rounded = Math.round(Math.abs(value) * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}

/**
 * The badge of a metric card, or null when there is nothing to compare with
 * (nothing at the start of the period): a percentage of nothing means
 * nothing, so the card shows no badge rather than an invented figure, and
 * "0%" for nothing then and nothing now would only be noise.
 */
export function trendBadge(trend: MetricTrend | null | undefined): TrendBadge | null {
  if (!trend || trend.change_percent === null || !Number.isFinite(trend.change_percent)) return null;
  if (trend.previous === 0 && trend.current === 0) return null;
  const percent = trend.change_percent;
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
  return {
    label: formatPercent(percent),
    direction,
    tone: direction === 'up' ? 'positive' : direction === 'down' ? 'negative' : 'neutral',
  };
}

/** The comparison a trend badge refers to: "vs. yesterday", "vs. 7 days ago". */
export function comparisonText(periodDays: number | null | undefined, daily = false): string {
  if (daily) return 'vs. yesterday';
  const days = Number(periodDays) || 7;
  if (days === 1) return 'vs. yesterday';
  return days === 7 ? 'vs. last week' : `vs. ${days} days ago`;
}

/** The line a card shows instead of a badge (see trendBadge), or null when a badge is shown. */
export function trendNote(trend: MetricTrend | null | undefined, periodDays: number | null | undefined, daily = false): string | null {
  if (!trend || trendBadge(trend)) return null;
  if (daily) return 'None closed yesterday';
  const since = comparisonText(periodDays).replace(/^vs\. /, '');
  if (trend.previous === 0 && trend.current > 0) return `All new since ${since}`;
  return `No change vs. ${since}`;
}
