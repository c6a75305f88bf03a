/**
 * @module
 * Config templates (extras.config-templates): their rules.
 */
import type { AppRules } from '../../appRules.ts';
import { configTemplateRules } from './rules.ts';

export const configTemplates: AppRules = {
  rules: { 'extras.config-templates': configTemplateRules },
};
