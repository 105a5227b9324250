import { apiGet, apiSend } from '../httpClient';
import type { components } from '../schema';

export type RetentionPolicy = components['schemas']['RetentionPolicyDto'];
export type RetentionPolicyPatch = components['schemas']['UpdateRetentionPolicyDto'];
export type RetentionDryRun = components['schemas']['RetentionDryRunDto'];

/** Settings → Data retention (owner and admins). */
export const retentionMethods = {
  getRetentionPolicy: () => apiGet<RetentionPolicy>('/settings/retention'),
  /** Any subset; a changed period or action turns the policy off until a new dry run. */
  updateRetentionPolicy: (patch: RetentionPolicyPatch) => apiSend<RetentionPolicy>('PUT', '/settings/retention', patch),
  /** What the saved policy would delete or anonymise now; nothing is changed. */
  runRetentionDryRun: () => apiSend<RetentionDryRun>('POST', '/settings/retention/dry-run'),
};
