/**
 * @module
 * Writes the object type rows (`core_object_type`) at boot: every served resource's row inserted
 * or brought up to date, and rows of types no longer served removed, in one statement each. The
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

export async function syncObjectTypes(tx: Queryable, registry: Registry): Promise<number> {
  const resource = registry.resource('core.object-types');
  const names = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
  const column = (name: string) => (name === 'id' ? 'id' : `"${registry.field(resource, name)!.column!}"`);
  const rows = registry.resources.map(objectTypeRow);
  const table = `"${resource.table}"`;
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
