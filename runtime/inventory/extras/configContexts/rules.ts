/**
 * @module
 * Rules of config contexts and their profiles (NetBox's ConfigContext.clean(), the profile's
 * validate_schema, and SyncedDataMixin.clean() before them): with a data file, the object takes
 * the file's source, path and content (dataFile.ts) and records when it synced; without one, the
 * source, path, sync time and auto-sync flag are cleared. Then a context's data must be an object
 * satisfying its profile's schema (under `__all__`, as a model's clean() refuses), and a profile's
 * schema must be a valid JSON schema (jsonSchema.ts). One query per table for the whole batch.
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { dataFileColumns } from './dataFile.ts';
import { dataError, schemaError } from './jsonSchema.ts';

const OBJECT_FORM = 'JSON data must be in object form. Example: {"foo": 123}';

type FileRow = { id: number; source_id: number; path: string; data: string | null };

/** SyncedDataMixin.clean(): the data file's source, path and content, or everything cleared. */
async function syncFromDataFiles(batch: WriteBatch): Promise<void> {
  const { resource, items, tx, registry } = batch;
  const files = registry.resource('core.data-files');
  const fileColumn = (name: string) => registry.field(files, name)!.column!;
  const own = (name: string) => registry.field(resource, name)!.column!;
  const ids = [...new Set(items.map((item) => item.value(own('data_file'))).filter((id) => id !== null && id !== undefined).map(Number))];
  const rows = ids.length
    ? await tx.query<FileRow>(
        `SELECT id, ${fileColumn('source')} AS source_id, ${fileColumn('path')} AS path, ${fileColumn('data')} AS data FROM ${files.table} WHERE id = ANY($1::int[])`,
        [ids],
      )
    : [];
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const toColumns = dataFileColumns[resource.key]!;
  const now = new Date().toISOString();
  for (const item of items) {
    const set = (values: Record<string, unknown>) => {
      for (const [name, value] of Object.entries(values)) item.columns[own(name)] = value;
    };
    const file = byId.get(Number(item.value(own('data_file'))));
    if (!file) {
      set({ data_source: null, data_path: '', auto_sync_enabled: false, data_synced: null });
      continue;
    }
    const synced = toColumns(file.data ?? '');
    if ('error' in synced) {
      item.error(synced.error.field, synced.error.message);
      continue;
    }
    set({ data_source: file.source_id, data_path: file.path, data_synced: now, ...synced.columns });
  }
}

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
    await syncFromDataFiles(batch);
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
    await syncFromDataFiles(batch);
    const schema = batch.registry.field(batch.resource, 'schema')!.column!;
    for (const item of batch.items) {
      if (hasErrors(item)) continue;
      const error = schemaError(item.value(schema));
      if (error) item.error('schema', error);
    }
  },
};
