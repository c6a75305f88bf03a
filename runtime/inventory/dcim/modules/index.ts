/**
 * @module
 * Modules and module types: their rules, a module type's attributes checked against its
 * profile's JSON schema.
 */
import type { AppRules } from '../../appRules.ts';
import { moduleRules, moduleTypeRules } from './rules.ts';
import { chainRules, moduleInstantiation } from '../templates/index.ts';

export const modules: AppRules = {
  rules: { 'dcim.module-types': moduleTypeRules, 'dcim.modules': chainRules(moduleRules, moduleInstantiation) },
};
