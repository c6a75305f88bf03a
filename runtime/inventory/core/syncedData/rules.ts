/**
 * @module
 * NetBox's SyncedDataMixin.clean(), for any resource built on the `synced-data` mixin: with a
 * data file, the object takes the file's data source and path, its content (as the resource's
 * reader makes columns of it: a config template's `template_code`) and the time it synced;
 * without one, the source, path, sync time and auto-sync flag are cleared (a data source given
 * alone is dropped). Every write of such an object syncs it again, as NetBox's clean() does, so
 * `sync/` and an auto-sync are writes with an empty body (one statement for the files of a batch).
 */
import type { ModelRules, WriteItem } from '../../../rest/index.ts';

/** A data file as a synced object reads it. */
export interface SyncedFile {
  id: number;
  sourceId: number;
  path: string;
  /** NetBox's `data_as_string`: the text, or null for an empty or non-UTF-8 file. */
  text: string | null;
}

/**
 * How a file becomes a resource's own fields (by field name), NetBox's `sync_data()`: a config
 * template's `{ template_code: text }`. It may refuse the file with `item.error(…)` (a config
 * context's data that is not JSON or YAML).
 */
export type SyncedDataReader = (file: SyncedFile, item: WriteItem) => Record<string, unknown>;

/** The mixin's rules, with the resource's reader. */
export function syncedDataRules(read: SyncedDataReader): ModelRules {
  return {
    async clean({ resource, items, tx, registry }) {
      const files = registry.resource('core.data-files');
      const column = (name: string) => registry.field(files, name)!.column!;
      const own = (name: string) => {
        const field = registry.field(resource, name);
        if (!field?.column) throw new Error(`${resource.key}.${name}: a synced resource needs the synced-data mixin's fields`);
        return field.column;
      };
      const ids = [...new Set(items.map((item) => item.value(own('data_file'))).filter((id) => id !== null && id !== undefined).map(Number))];
      const rows = ids.length
        ? await tx.query<{ id: number; source_id: number; path: string; data: string | null }>(
            `SELECT id, ${column('source')} AS source_id, ${column('path')} AS path, ${column('data')} AS data FROM ${files.table} WHERE id = ANY($1::int[])`,
            [ids],
          )
        : [];
      const byId = new Map(rows.map((row) => [Number(row.id), row]));
      const now = new Date().toISOString();
      for (const item of items) {
        const row = byId.get(Number(item.value(own('data_file'))));
        const set = (values: Record<string, unknown>) => {
          for (const [name, value] of Object.entries(values)) item.columns[own(name)] = value;
        };
        if (!row) {
          set({ data_source: null, data_path: '', auto_sync_enabled: false, data_synced: null });
          continue;
        }
        const file: SyncedFile = { id: Number(row.id), sourceId: Number(row.source_id), path: row.path, text: row.data ? row.data : null };
        const values = read(file, item);
        if (!item.errors.empty) continue;
        set({ data_source: file.sourceId, data_path: file.path, ...values, data_synced: now });
      }
    },
  };
}
