/**
 * @module
 * `display` of a bookmark or a subscription (`@bookmark`, `@subscription`): NetBox's `__str__` of both is the
 * object's own string, or Django's `Bookmark object (7)` once the object is gone.
 */
import type { SqlExpression } from '../../../rest/index.ts';

/** The display of the row's generic `object` (one branch per target type), else `<Model> object (<id>)`. */
export function genericObjectDisplay(resourceKey: string): SqlExpression {
  return (t, sql) => {
    const resource = sql.resource(resourceKey);
    const object = resource.fields.find((f) => f.kind === 'generic_fk')!;
    const id = sql.column(resource.key, object.generic!.idField, t);
    const branches = object.generic!.targets.map((key) => {
      const o = sql.alias();
      return `WHEN '${sql.resource(key).objectType}' THEN (SELECT ${sql.display(sql.resource(key), o)} FROM ${sql.table(key)} ${o} WHERE ${o}.id = ${id})`;
    });
    return `coalesce(CASE ${sql.column(resource.key, object.generic!.typeField, t)} ${branches.join(' ')} END, concat('${resource.model} object (', ${t}.id, ')'))`;
  };
}
