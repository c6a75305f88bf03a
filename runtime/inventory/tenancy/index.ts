/**
 * @module
 * tenancy: display formats, the delete of tenant groups that would leave two ungrouped tenants
 * with one name or slug, and the object types contacts may be assigned to.
 */
import type { AppRules } from '../appRules.ts';
import { contactAssignmentDisplay } from './displays.ts';
import { contactAssignmentRules } from './contactAssignments.ts';
import { tenantGroupRules } from './tenantGroups.ts';

export const tenancy: AppRules = {
  expressions: { contact_assignment: contactAssignmentDisplay },
  rules: { 'tenancy.tenant-groups': tenantGroupRules, 'tenancy.contact-assignments': contactAssignmentRules },
};
