/** The server's limit on an import file (it arrives in a JSON body of at most 1 MB). */
export const IMPORT_MAX_FILE_BYTES = 900 * 1024;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 to add, 1 to update, 1 unchanged, 3 with errors." */
export function importSummaryText(summary: { create: number; update: number; unchanged: number; error: number }): string {
  const parts = [`${summary.create} to add`, `${summary.update} to update`, `${summary.unchanged} unchanged`];
  if (summary.error) parts.push(plural(summary.error, 'line with errors', 'lines with errors'));
  return `${parts.join(', ')}.`;
}
