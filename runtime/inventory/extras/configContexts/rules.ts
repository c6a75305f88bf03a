/**
 * @module
 * Rules of config contexts and their profiles (NetBox's ConfigContext.clean() and the profile's
 * validate_schema), run after SyncedDataMixin.clean() has read the data file, if any (index.ts,
 * runtime/inventory/core/syncedData/). A context's data must be an object
 * satisfying its profile's schema (under `__all__`, as a model's clean() refuses), and a profile's
 * schema must be a valid JSON schema (jsonSchema.ts). One query per table for the whole batch.
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { dataError, schemaError } from './jsonSchema.ts';

const OBJECT_FORM = 'JSON data must be in object form. Example: {"foo": 123}';

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The profiles' schemas the batch's contexts name: one query. */
async function profileSchemas(batch: WriteBatch, profileColumn: string): Promise<Map<number, unknown>> {
  const profiles = batch.registry.resource('extras.config-context-profiles');
  const ids = [...new Set(batch.items.map((item) => item.value(profileColumn)).filter((id) => id !== null && id !== undefined).map(Number))];
  if (!ids.length) return new Map();
  const schema = batch.registry.field(profiles, 'schema')!.column!;
  const rows = await batch.tx.query<{ id: number; schema: unknown }>(`SELECT id, ${schema} AS schema FROM ${profiles.table} WHERE id = ANY($1::int[])`, [ids]);
  return new Map(rows.map((row) => [Number(row.id), row.schema]));
}

const hasErrors = (item: WriteItem) => !item.errors.empty;

export const configContextRules: ModelRules = {
  async clean(batch) {
    const own = (name: string) => batch.registry.field(batch.resource, name)!.column!;
    const schemas = await profileSchemas(batch, own('profile'));
    for (const item of batch.items) {
      if (hasErrors(item)) continue;
      const data = item.value(own('data'));
      if (!isObject(data)) {
        item.error('data', OBJECT_FORM);
        continue;
      }
      const profile = item.value(own('profile'));
      const error = profile === null || profile === undefined ? null : dataError(data, schemas.get(Number(profile)));
      if (error) item.error('__all__', error);
    }
  },
};

export const configContextProfileRules: ModelRules = {
  async clean(batch) {
    const schema = batch.registry.field(batch.resource, 'schema')!.column!;
    for (const item of batch.items) {
      if (hasErrors(item)) continue;
      const error = schemaError(item.value(schema));
      if (error) item.error('schema', error);
    }
  },
};
