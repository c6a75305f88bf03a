/**
 * @module
 * The data files of a source made to match what a fetch found, as DataSource.sync() does:
 * files whose hash changed get their size, hash, content and `last_updated` anew; files gone
 * from the source are deleted (through the engine, so an object taking data from one has its
 * `data_file` cleared as `on_delete: set_null` says); new files are created. Set-based: one
 * statement per chunk of files, whatever their number. Data files are not change-logged (NetBox
 * writes them with bulk_update, delete and bulk_create). A file without text is stored with an
 * empty content (the column keeps text, not bytes): NetBox's `data_as_string` is None for both.
 */
import type { Queryable } from '../../../../db/index.ts';
import type { ObjectWriter, Registry } from '../../../../rest/index.ts';
import type { SourceFile } from './readTree.ts';

/** Rows per statement: bounds the size of one statement's parameters. */
const CHUNK = 500;

export interface SyncCounts {
  created: number;
  updated: number;
  deleted: number;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export async function applyFiles(tx: Queryable, objects: ObjectWriter, registry: Registry, sourceId: number, found: SourceFile[]): Promise<SyncCounts> {
  const files = registry.resource('core.data-files');
  const col = (name: string) => registry.field(files, name)!.column!;
  const [source, path, size, hash, data, updatedAt, createdAt] = ['source', 'path', 'size', 'hash', 'data', 'last_updated', 'created'].map(col);
  const known = await tx.query<{ id: number; path: string; hash: string }>(`SELECT id, ${path} AS path, ${hash} AS hash FROM ${files.table} WHERE ${source} = $1`, [sourceId]);
  const byPath = new Map(found.map((file) => [file.path, file]));
  const knownPaths = new Set(known.map((row) => row.path));
  const changed = known.flatMap((row) => {
    const file = byPath.get(row.path);
    return file && file.hash !== row.hash ? [{ id: Number(row.id), file }] : [];
  });
  const gone = known.filter((row) => !byPath.has(row.path)).map((row) => Number(row.id));
  const added = found.filter((file) => !knownPaths.has(file.path));

  for (const part of chunks(changed)) {
    await tx.query(
      `UPDATE ${files.table} f SET ${updatedAt} = now(), ${size} = u.size, ${hash} = u.hash, ${data} = u.data ` +
        `FROM unnest($1::int[], $2::int[], $3::text[], $4::text[]) AS u(id, size, hash, data) WHERE f.id = u.id`,
      [part.map((c) => c.id), part.map((c) => c.file.size), part.map((c) => c.file.hash), part.map((c) => c.file.text ?? '')],
    );
  }
  if (gone.length) await objects.remove(files, gone);
  for (const part of chunks(added)) {
    await tx.query(
      `INSERT INTO ${files.table} (${source}, ${path}, ${updatedAt}, ${size}, ${hash}, ${createdAt}, ${data}) ` +
        `SELECT $1, u.path, now(), u.size, u.hash, now(), u.data FROM unnest($2::text[], $3::int[], $4::text[], $5::text[]) AS u(path, size, hash, data)`,
      [sourceId, part.map((f) => f.path), part.map((f) => f.size), part.map((f) => f.hash), part.map((f) => f.text ?? '')],
    );
  }
  return { created: added.length, updated: changed.length, deleted: gone.length };
}
