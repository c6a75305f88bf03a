/**
 * @module
 * Config templates (extras.config-templates): their rules, and their synced data (NetBox's
 * ConfigTemplate.sync_data(): the file's text is the template's code; an empty file, or one that
 * is not UTF-8, gives an empty template).
 */
import { mergeRules, type AppRules } from '../../appRules.ts';
import { syncedData } from '../../core/index.ts';
import { configTemplateRules } from './rules.ts';

export const configTemplates: AppRules = mergeRules({
  rules: { rules: { 'extras.config-templates': configTemplateRules } },
  synced: syncedData('extras.config-templates', (file) => ({ template_code: file.text ?? '' })),
});
