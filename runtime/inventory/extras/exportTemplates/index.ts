/**
 * @module
 * Export templates (extras.export-templates): their rules, their synced data, and `?export=<name>`
 * on list endpoints.
 */
import { mergeRules, type AppRules } from '../../appRules.ts';
import { LIST_EXPORT } from '../../../rest/index.ts';
import { syncedData } from '../../core/index.ts';
import { listExport } from './listExport.ts';
import { exportTemplateRules } from './rules.ts';

export const exportTemplates: AppRules = mergeRules({
  // NetBox's ExportTemplate.sync_data(): the file's text is the template's code.
  synced: syncedData('extras.export-templates', (file) => ({ template_code: file.text ?? '' })),
  own: {
    rules: { 'extras.export-templates': exportTemplateRules },
    operations: { [LIST_EXPORT]: listExport },
  },
});
