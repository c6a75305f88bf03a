/**
 * @module
 * Config contexts and their profiles: their rules (rules.ts), the `config_context` of devices and
 * virtual machines merged in the statement that lists them (configContextSql.ts, scopes.ts), and
 * the pure function turning a data file's text into a context's or profile's columns (dataFile.ts).
 */
import type { AppRules } from '../../appRules.ts';
import { deviceConfigContext, virtualMachineConfigContext } from './configContextSql.ts';
import { configContextProfileRules, configContextRules } from './rules.ts';

export { configContextDataFromFile, dataFileColumns, profileSchemaFromFile, type DataFileColumns } from './dataFile.ts';
export { configContext, deepMerge } from './deepMerge.ts';

export const configContexts: AppRules = {
  expressions: {
    device_config_context: deviceConfigContext,
    virtual_machine_config_context: virtualMachineConfigContext,
  },
  rules: {
    'extras.config-contexts': configContextRules,
    'extras.config-context-profiles': configContextProfileRules,
  },
};
