/**
 * @module
 * Export templates (extras.export-templates): their rules, and `?export=<name>` on list endpoints.
 */
import type { AppRules } from '../../appRules.ts';
import { LIST_EXPORT } from '../../../rest/index.ts';
import { listExport } from './listExport.ts';
import { exportTemplateRules } from './rules.ts';

export const exportTemplates: AppRules = {
  rules: { 'extras.export-templates': exportTemplateRules },
  operations: { [LIST_EXPORT]: listExport },
};
