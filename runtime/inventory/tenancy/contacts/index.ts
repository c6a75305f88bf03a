/**
 * @module
 * Contacts: a contact assignment's display, and the object types it may be assigned to.
 */
import type { AppRules } from '../../appRules.ts';
import { contactAssignmentRules } from './assignmentRules.ts';
import { contactAssignmentDisplay } from './displays.ts';

export const contacts: AppRules = {
  expressions: { contact_assignment: contactAssignmentDisplay },
  rules: { 'tenancy.contact-assignments': contactAssignmentRules },
};
