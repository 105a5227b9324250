import type { AuditChange } from './audit-entry.entity.js';

/**
 * Which fields changed between two snapshots, old → new (a field missing on one side is null there);
 * the fields named in `secrets` only as changed, never their value.
 */
export function diffChanges(before: Record<string, unknown>, after: Record<string, unknown>, secrets: readonly string[] = []): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[field] ?? null) === JSON.stringify(after[field] ?? null)) continue;
    if (secrets.includes(field)) changes.push({ field, secret: true });
    else changes.push({ field, old: before[field] ?? null, new: after[field] ?? null });
  }
  return changes;
}
