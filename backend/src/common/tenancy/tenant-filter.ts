import type { Dictionary, FilterDef } from '@mikro-orm/core';
import { Filter } from '@mikro-orm/decorators/legacy';

export const TENANT_FILTER = 'tenant';

export interface TenantFilterArgs {
  organizationId: string;
}

const tenantFilter = {
  name: TENANT_FILTER,
  cond: (args: Dictionary) => ({ organization: (args as TenantFilterArgs).organizationId }),
  default: true,
} as FilterDef;

/**
 * Scopes every query of the decorated entity to one organization. The filter is on by default and
 * needs its parameter: a query made without a tenant set fails instead of reading every tenant.
 */
export const TenantScoped = (): ClassDecorator => Filter(tenantFilter as never) as ClassDecorator;
