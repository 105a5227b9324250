import { describe, expect, it } from 'vitest';
import { auditChangeText, auditKindLabel } from './auditLog';

describe('auditChangeText', () => {
  it('shows old → new, with (none) for an empty value and lists joined', () => {
    expect(auditChangeText({ field: 'smtp_host', old: null, new: 'smtp.example.com' })).toBe('smtp_host: (none) → smtp.example.com');
    expect(auditChangeText({ field: 'brands', old: ['Acme'], new: ['Acme', 'Bolt'] })).toBe('brands: Acme → Acme, Bolt');
    expect(auditChangeText({ field: 'smtp_port', old: 587, new: 2525 })).toBe('smtp_port: 587 → 2525');
  });

  it('shows a secret only as changed', () => {
    expect(auditChangeText({ field: 'smtp_password', secret: true })).toBe('smtp_password changed');
  });
});

describe('auditKindLabel', () => {
  it('labels the kinds and passes an unknown one through', () => {
    expect(auditKindLabel('sign_in_new_device')).toBe('Sign-in from a new device');
    expect(auditKindLabel('something_new')).toBe('something_new');
  });
});
