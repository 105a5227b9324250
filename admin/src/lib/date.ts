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

/** en-US medium date and short time ("Jan 5, 2025, 3:04 PM"), or "N/A". */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
