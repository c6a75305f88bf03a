/**
 * @module
 * Rules of config templates (`extras.config-templates`), NetBox's SyncedDataMixin.clean(): with
 * a data file, the template takes the file's data source, path and content and records when it
 * synced; without one, the source, path, sync time and auto-sync flag are cleared (a data source
 * given alone is dropped). Nothing here can fail, so it runs just before the rows are written.
 */
import type { ModelRules } from '../../rest/index.ts';

export const configTemplateRules: ModelRules = {
  async beforeSave({ resource, items, tx, registry }) {
    const files = registry.resource('core.data-files');
    const column = (name: string) => registry.field(files, name)!.column!;
    const own = (name: string) => registry.field(resource, name)!.column!;
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
      const file = byId.get(Number(item.value(own('data_file'))));
      const set = (values: Record<string, unknown>) => {
        for (const [name, value] of Object.entries(values)) item.columns[own(name)] = value;
      };
      // NetBox copies the file's text (`data_as_string`); an empty file gives an empty template.
      if (file) set({ data_source: file.source_id, data_path: file.path, template_code: file.data ?? '', data_synced: now });
      else set({ data_source: null, data_path: '', auto_sync_enabled: false, data_synced: null });
    }
  },
};
