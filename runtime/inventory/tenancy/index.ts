/**
 * @module
 * tenancy: display formats, and the delete of tenant groups that would leave two ungrouped
 * tenants with one name or slug.
 */
import type { AppRules } from '../appRules.ts';
import { contactAssignmentDisplay } from './displays.ts';
import { tenantGroupRules } from './tenantGroups.ts';

export const tenancy: AppRules = {
  expressions: { contact_assignment: contactAssignmentDisplay },
  rules: { 'tenancy.tenant-groups': tenantGroupRules },
};
