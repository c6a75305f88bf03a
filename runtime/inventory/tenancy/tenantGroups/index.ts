/**
 * @module
 * Tenant groups (tenancy.tenant-groups): the delete that would leave two ungrouped tenants with
 * one name or slug is refused.
 */
import type { AppRules } from '../../appRules.ts';
import { tenantGroupRules } from './rules.ts';

export const tenantGroups: AppRules = {
  rules: { 'tenancy.tenant-groups': tenantGroupRules },
};
