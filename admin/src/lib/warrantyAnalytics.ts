/** The Warranty tab's cost chart: months on the axis, one stacked series per brand (no brand: "No Brand"). */
export function costSeries(rows: { month: string; brand: string | null; cost: number }[]): { months: string[]; series: { brand: string; data: number[] }[]; total: number } {
  const months = [...new Set(rows.map(r => r.month))].sort();
  const brands = [...new Set(rows.map(r => r.brand ?? 'No Brand'))].sort();
  const series = brands.map(brand => ({
    brand,
    data: months.map(month => rows.filter(r => r.month === month && (r.brand ?? 'No Brand') === brand).reduce((sum, r) => sum + r.cost, 0)),
  }));
  const total = Math.round(rows.reduce((sum, r) => sum + r.cost, 0) * 100) / 100;
  return { months, series, total };
}

/** "42.5%" of a 0..1 rate; "—" without one. */
export function percent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '—' : `${(Math.round(rate * 1000) / 10).toLocaleString('en-US')}%`;
}

/** "3 days 4 h" / "5 h" of whole hours; "—" without. */
export function hoursText(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return '—';
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return days ? `${days} ${days === 1 ? 'day' : 'days'}${rest ? ` ${rest} h` : ''}` : `${rest} h`;
}
