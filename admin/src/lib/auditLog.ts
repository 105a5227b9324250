import { AUDIT_KIND_LABELS, type AuditKind } from '@warranty-crm/contract';

export interface AuditChangeLike {
  field: string;
  old?: unknown;
  new?: unknown;
  secret?: boolean;
}

/** The kind's label ("Settings changed"); an unknown kind as it came. */
export function auditKindLabel(kind: string): string {
  return AUDIT_KIND_LABELS[kind as AuditKind] ?? kind;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  return String(value);
}

/** One change as a line: "smtp_host: (none) → smtp.example.com"; a secret only "smtp_password changed". */
export function auditChangeText(change: AuditChangeLike): string {
  if (change.secret) return `${change.field} changed`;
  return `${change.field}: ${show(change.old)} → ${show(change.new)}`;
}
