/**
 * @module
 * What a config context's or a profile's data file gives the model (NetBox's sync_data(), through
 * DataFile.get_data(): the text read as YAML, of which JSON is a part): a context's `data`, a
 * profile's `schema`. A pure function, so that the generic "sync from a data file" rule of
 * runtime/inventory/core/ can call it; config contexts' own rules use it until then (rules.ts).
 */
import { parse } from 'yaml';

/** The columns a data file's text sets, or the error refusing it (under `field`). */
export type DataFileColumns = { columns: Record<string, unknown> } | { error: { field: string; message: string } };

const OBJECT_FORM = 'JSON data must be in object form. Example: {"foo": 123}';

function parsed(text: string): { value: unknown } | { message: string } {
  try {
    return { value: parse(text) ?? null };
  } catch (error) {
    // NetBox lets yaml's exception escape; this server answers a 400 naming it.
    return { message: `Unable to parse the data file as JSON or YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
}

/** A config context's `data` from its data file: an object, else ConfigContext.clean()'s refusal. */
export function configContextDataFromFile(text: string): DataFileColumns {
  const result = parsed(text);
  if ('message' in result) return { error: { field: 'data', message: result.message } };
  const value = result.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: { field: 'data', message: OBJECT_FORM } };
  return { columns: { data: value } };
}

/** A profile's `schema` from its data file (validate_schema checks it afterwards). */
export function profileSchemaFromFile(text: string): DataFileColumns {
  const result = parsed(text);
  if ('message' in result) return { error: { field: 'schema', message: result.message } };
  return { columns: { schema: result.value } };
}

/** The function each model's data file goes through, by resource key. */
export const dataFileColumns: Readonly<Record<string, (text: string) => DataFileColumns>> = {
  'extras.config-contexts': configContextDataFromFile,
  'extras.config-context-profiles': profileSchemaFromFile,
};
