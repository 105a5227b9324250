/** en-US short date ("Jan 5, 2025"), or "N/A" when missing or invalid. */
export function formatShortDate(date: string | number | Date | null | undefined): string {
  if (date === null || date === undefined || date === '') return 'N/A';
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return 'N/A';
  return value.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}
