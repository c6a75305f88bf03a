/**
 * @module
 * NetBox's `auto_sync` signal handler: after a data source synced, every object built on the
 * `synced-data` mixin with `auto_sync_enabled` whose data file belongs to the source is synced
 * from it and saved, change-logged, in the sync's transaction (NetBox's AutoSyncRecords, which
 * are the objects with the flag and a file). A resource is synced-data when it has the mixin's
 * fields; a file it refuses fails the whole sync, so nothing is left half-synced.
 */
import type { Resource } from '../../../contract/index.ts';
import type { Queryable } from '../../../db/index.ts';
import type { ObjectWriter, Registry } from '../../../rest/index.ts';

/** The resources built on the `synced-data` mixin: those with its data file and auto-sync flag. */
export function syncedResources(registry: Registry): Resource[] {
  return registry.resources.filter((resource) => {
    const file = registry.field(resource, 'data_file');
    return file?.kind === 'fk' && file.target === 'core.data-files' && registry.field(resource, 'auto_sync_enabled')?.column;
  });
}

/** Syncs every auto-synced object of every synced resource from the files of source `sourceId`. */
export async function autoSync(tx: Queryable, objects: ObjectWriter, registry: Registry, sourceId: number): Promise<void> {
  const files = registry.resource('core.data-files');
  const source = registry.field(files, 'source')!.column!;
  for (const resource of syncedResources(registry)) {
    const dataFile = registry.field(resource, 'data_file')!.column!;
    const flag = registry.field(resource, 'auto_sync_enabled')!.column!;
    const rows = await tx.query<{ id: number }>(
      `SELECT t.id FROM ${resource.table} t JOIN ${files.table} f ON f.id = t.${dataFile} WHERE f.${source} = $1 AND t.${flag} ORDER BY t.id`,
      [sourceId],
    );
    if (rows.length) await objects.update(resource, rows.map((row) => ({ id: Number(row.id), body: {} })));
  }
}
