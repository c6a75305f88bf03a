/**
 * @module
 * Method filters of the users' own objects.
 *
 * `object_type_id` of bookmarks (method `object_type_id_number`): NetBox's MultiValueNumberFilter on
 * the object type's id, with the number lookups. Object types are kept as `app.model` names and
 * their ids are stable hashes of the names (runtime/kinds/objectTypes.ts), so the ids a lookup
 * selects are turned into the names of the relation's target types first: `n` and the exact match
 * by id, `lt`/`lte`/`gt`/`gte` by comparing each target type's id. An id that names no type matches
 * nothing, as a number that is no content type's id does in NetBox. The type is never empty.
 *
 * `usable` of saved filters and table configs (method `usable`): NetBox's `_usable`, enabled and
 * shared or the caller's own (`false`: the others); for an anonymous caller, enabled and shared.
 */
import { objectTypeId } from '../../../kinds/index.ts';
import type { MethodFilter } from '../../../rest/index.ts';

const COMPARE: Record<string, (id: number, value: number) => boolean> = {
  lt: (id, value) => id < value,
  lte: (id, value) => id <= value,
  gt: (id, value) => id > value,
  gte: (id, value) => id >= value,
};

export const objectTypeIdNumber: MethodFilter = ({ lookup, values, parsed, alias, param, query, sql }) => {
  const generic = query.listed.fields.find((f) => f.kind === 'generic_fk')!.generic!;
  const column = sql.column(query.listed.key, generic.typeField, alias);
  if (lookup === 'empty') return parsed[parsed.length - 1] === true ? 'false' : 'true';
  const types = generic.targets.map((key) => query.resource(key).objectType);
  let names: string[];
  if (lookup in COMPARE) {
    // A single-value lookup: the last value counts.
    const value = Number(values[values.length - 1]);
    names = types.filter((type) => COMPARE[lookup](objectTypeId(type), value));
  } else names = values.map((value) => query.objectTypeById(Number(value))).filter((name): name is string => !!name);
  const condition = `${column} = ANY(${param(names)}::text[])`;
  return lookup === 'n' ? `NOT ${condition}` : condition;
};

export const usable: MethodFilter<boolean> = ({ value, alias, param, query, sql }) => {
  const column = (name: string) => sql.column(query.listed.key, name, alias);
  const [enabled, shared, user] = [column('enabled'), column('shared'), column('user')];
  const me = query.callerId ?? null;
  if (me === null) return value ? `(${enabled} AND ${shared})` : `(NOT ${enabled} OR NOT ${shared})`;
  // Django's ~Q(user=me) also keeps the rows without a user.
  return value ? `(${enabled} AND (${shared} OR ${user} = ${param(me)}))` : `(NOT ${enabled} OR (NOT ${shared} AND ${user} IS DISTINCT FROM ${param(me)}))`;
};
