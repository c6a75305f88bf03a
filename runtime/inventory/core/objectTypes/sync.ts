/**
 * @module
 * Writes the object type rows (`core_object_type`) at boot: every served resource's row inserted
 * or brought up to date, and rows of types no longer served removed, in one statement each, when
 * the stored rows differ from those the generated table describes (one read otherwise). The
 * rows are metadata derived from the generated table, not change-logged objects.
 */
import type { Queryable } from '../../../db/index.ts';
import type { Registry } from '../../../rest/index.ts';
import { objectTypeRow } from './rows.ts';

/** Each column and its type in the rows' JSON (features is a JSON list, stored as text[]). */
const COLUMNS = {
  id: 'int', app_label: 'text', app_name: 'text', model: 'text', model_name: 'text', model_name_plural: 'text', public: 'boolean',
  features: 'jsonb', is_plugin_model: 'boolean', rest_api_endpoint: 'text', description: 'text', label: 'text',
} as const;

/** Returns the number of rows written (0 when they were current). */
export async function syncObjectTypes(tx: Queryable, registry: Registry): Promise<number> {
  const resource = registry.resource('core.object-types');
  const names = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
  const column = (name: string) => (name === 'id' ? 'id' : `"${registry.field(resource, name)!.column!}"`);
  const rows = registry.resources.map(objectTypeRow);
  const table = `"${resource.table}"`;
  // Most boots find the rows as they are: one read, no write.
  const stored = await tx.query<Record<string, unknown>>(`SELECT ${names.map((c) => `${column(c)} AS ${c}`).join(', ')} FROM ${table} ORDER BY id`);
  const key = (r: Record<string, unknown>) => JSON.stringify(names.map((c) => (c === 'id' ? Number(r[c]) : r[c])));
  const wanted = [...rows].sort((a, b) => a.id - b.id);
  if (stored.length === wanted.length && stored.every((r, i) => key(r) === key(wanted[i] as unknown as Record<string, unknown>))) return 0;
  const values = names.map((c) => (c === 'features' ? 'ARRAY(SELECT jsonb_array_elements_text(r.features))' : `r.${c}`));
  // One parameter, the rows as JSON text (cast in SQL, so both drivers pass it alike).
  await tx.query(
    `INSERT INTO ${table} (${names.map(column).join(', ')})
     SELECT ${values.join(', ')} FROM jsonb_to_recordset($1::text::jsonb) AS r(${names.map((c) => `${c} ${COLUMNS[c]}`).join(', ')})
     ON CONFLICT (id) DO UPDATE SET ${names.filter((c) => c !== 'id').map((c) => `${column(c)} = EXCLUDED.${column(c)}`).join(', ')}`,
    [JSON.stringify(rows)],
  );
  await tx.query(`DELETE FROM ${table} WHERE NOT (id = ANY($1::int[]))`, [rows.map((r) => r.id)]);
  return rows.length;
}
