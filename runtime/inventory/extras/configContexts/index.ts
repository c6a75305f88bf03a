/**
 * @module
 * Config contexts and their profiles: their rules (rules.ts), the `config_context` of devices and
 * virtual machines merged in the statement that lists them (configContextSql.ts, scopes.ts), and
 * the pure function turning a data file's text into a context's or profile's columns (dataFile.ts).
 */
import { mergeRules, type AppRules } from '../../appRules.ts';
import { syncedData, type SyncedDataReader } from '../../core/index.ts';
import { deviceConfigContext, virtualMachineConfigContext } from './configContextSql.ts';
import { dataFileColumns } from './dataFile.ts';
import { configContextProfileRules, configContextRules } from './rules.ts';

export { configContextDataFromFile, dataFileColumns, profileSchemaFromFile, type DataFileColumns } from './dataFile.ts';
export { configContext, deepMerge } from './deepMerge.ts';

/** A data file through the resource's parser (dataFile.ts); a file it cannot read is refused on its field. */
const fromDataFile =
  (resourceKey: string): SyncedDataReader =>
  (file, item) => {
    const read = dataFileColumns[resourceKey]!(file.text ?? '');
    if ('error' in read) {
      item.error(read.error.field, read.error.message);
      return {};
    }
    return read.columns;
  };

// The data file is read first (SyncedDataMixin.clean()), then the data and schema are checked.
export const configContexts: AppRules = mergeRules({
  contexts: syncedData('extras.config-contexts', fromDataFile('extras.config-contexts')),
  profiles: syncedData('extras.config-context-profiles', fromDataFile('extras.config-context-profiles')),
  own: {
    expressions: {
      device_config_context: deviceConfigContext,
      virtual_machine_config_context: virtualMachineConfigContext,
    },
    rules: {
      'extras.config-contexts': configContextRules,
      'extras.config-context-profiles': configContextProfileRules,
    },
  },
});
