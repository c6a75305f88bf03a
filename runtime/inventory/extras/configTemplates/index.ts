/**
 * @module
 * Config templates (extras.config-templates): their rules, and the render operations of templates,
 * devices and virtual machines.
 */
import type { AppRules } from '../../appRules.ts';
import { configTemplateRender, renderConfig } from './renderOperations.ts';
import { configTemplateRules } from './rules.ts';

export const configTemplates: AppRules = {
  rules: { 'extras.config-templates': configTemplateRules },
  operations: { 'config-template-render': configTemplateRender, 'render-config': renderConfig },
};

export { objectsView } from './objectView.ts';
export { renderTemplateClean, syncedDataBeforeSave } from './rules.ts';
