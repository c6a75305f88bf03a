/**
 * @module
 * `display` of a tag assignment, as taggit's `str(TaggedItem)`: `<object> tagged with <tag>`.
 */
import type { SqlExpression } from '../../../rest/index.ts';

const TAGGED_OBJECTS = 'extras.tagged-objects';

/** The tagged object's display (one branch per taggable type), then the tag's. */
export const taggedItemDisplay: SqlExpression = (t, sql) => {
  const resource = sql.resource(TAGGED_OBJECTS);
  const object = resource.fields.find((f) => f.kind === 'generic_fk')!;
  const tag = resource.fields.find((f) => f.name === 'tag')!;
  const displayOf = (key: string, idSql: string) => {
    const o = sql.alias();
    return `(SELECT ${sql.display(sql.resource(key), o)} FROM ${sql.table(key)} ${o} WHERE ${o}.id = ${idSql})`;
  };
  const id = sql.column(TAGGED_OBJECTS, object.generic!.idField, t);
  const branches = object.generic!.targets.map((key) => `WHEN '${sql.resource(key).objectType}' THEN ${displayOf(key, id)}`);
  return `concat(CASE ${sql.column(TAGGED_OBJECTS, object.generic!.typeField, t)} ${branches.join(' ')} END, ' tagged with ', ${displayOf(tag.target!, sql.column(TAGGED_OBJECTS, 'tag', t))})`;
};
