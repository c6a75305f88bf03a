/**
 * @module
 * SQL over cable terminations (dcim.cable-terminations) shared by cables and the objects they
 * terminate at: the terminated objects of a cable end as `[{object_type, object_id, object}]`
 * (a cable's `a_terminations`, an interface's `link_peers`), each object in its nested form.
 * The termination types are the targets of the terminations' generic relation (the resources with
 * the `cable-termination` feature), so a type served later (power feeds) appears here without a
 * change.
 */
import type { SqlScope } from '../../../rest/index.ts';

export const TERMINATIONS = 'dcim.cable-terminations';

/** The nested JSON of the object a termination row (alias `ct`) names, by its type. */
function terminatedObject(sql: SqlScope, ct: string): string {
  const generic = sql.resource(TERMINATIONS).fields.find((f) => f.name === 'termination')!.generic!;
  const type = sql.column(TERMINATIONS, generic.typeField, ct);
  const id = sql.column(TERMINATIONS, generic.idField, ct);
  const branches = generic.targets.map((key) => `WHEN '${sql.resource(key).objectType}' THEN ${sql.nested(key, id)}`);
  return `(CASE ${type} ${branches.join(' ')} END)`;
}

/**
 * `[{object_type, object_id, object}]` of the termination rows `ct` matching `where` (SQL over
 * `ct`), in NetBox's order (cable, end, connector, id); `[]` when none.
 */
export function terminationList(sql: SqlScope, where: (ct: string) => string): string {
  const ct = sql.alias();
  const type = sql.column(TERMINATIONS, 'termination_type', ct);
  const id = sql.column(TERMINATIONS, 'termination_id', ct);
  return `(SELECT coalesce(json_agg(json_build_object('object_type', ${type}, 'object_id', ${id}, 'object', ${terminatedObject(sql, ct)}) ORDER BY ${ct}.cable_end, ${ct}.connector, ${ct}.id), '[]'::json) FROM ${sql.table(TERMINATIONS)} ${ct} WHERE ${where(ct)})`;
}

/** The object type of the first termination row matching `where`, or null. */
export function terminationType(sql: SqlScope, where: (ct: string) => string): string {
  const ct = sql.alias();
  return `(SELECT ${sql.column(TERMINATIONS, 'termination_type', ct)} FROM ${sql.table(TERMINATIONS)} ${ct} WHERE ${where(ct)} ORDER BY ${ct}.connector, ${ct}.id LIMIT 1)`;
}
