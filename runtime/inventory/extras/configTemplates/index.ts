/**
 * @module
 * Config templates (extras.config-templates): their rules, their synced data (NetBox's
 * ConfigTemplate.sync_data(): the file's text is the template's code; an empty file, or one that
 * is not UTF-8, gives an empty template), and the render operations of templates, devices and
 * virtual machines.
 */
import { mergeRules, type AppRules } from '../../appRules.ts';
import { syncedData } from '../../core/index.ts';
import { configTemplateRender, renderConfig } from './renderOperations.ts';
import { configTemplateRules } from './rules.ts';

export const configTemplates: AppRules = mergeRules({
  synced: syncedData('extras.config-templates', (file) => ({ template_code: file.text ?? '' })),
  own: {
    rules: { 'extras.config-templates': configTemplateRules },
    operations: { 'config-template-render': configTemplateRender, 'render-config': renderConfig },
  },
});

export { objectsView } from './objectView.ts';
export { renderTemplateClean } from './rules.ts';
