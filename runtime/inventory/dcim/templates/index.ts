/**
 * @module
 * dcim component templates: their rules, the device types' and module types' presence filters,
 * and the instantiation of templates into components when a device is created or a module
 * installed (chained after those models' own rules with `chainRules`), and the port templates'
 * front-to-rear mappings.
 */
import type { AppRules } from '../../appRules.ts';
import { chainRules } from './chainRules.ts';
import { deviceInstantiation } from './devices.ts';
import { moduleInstantiation } from './modules.ts';
import { templateCounts } from './counts.ts';
import { mappingExpressions, mappingFilters } from './portTemplateMappings.ts';
import { presenceFilters } from './presence.ts';
import { componentTemplateRules } from './templateRules.ts';

export const templates: AppRules = {
  expressions: { ...templateCounts, ...mappingExpressions },
  methods: { ...presenceFilters, ...mappingFilters },
  rules: componentTemplateRules,
};

export { chainRules, deviceInstantiation, moduleInstantiation };
