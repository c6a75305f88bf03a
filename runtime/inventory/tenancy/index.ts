/**
 * @module
 * tenancy: display formats.
 */
import type { AppRules } from '../appRules.ts';
import { contactAssignmentDisplay } from './displays.ts';

export const tenancy: AppRules = {
  expressions: { contact_assignment: contactAssignmentDisplay },
};
