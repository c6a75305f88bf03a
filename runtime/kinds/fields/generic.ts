/**
 * @module
 * NetBox's generic foreign key: `<name>_type` (an `object_type` field, `app.model`) and `<name>_id`
 * (an integer) are written together; `<name>` (a `generic_fk` field, read-only) shows the object
 * they name in its nested form. (`pair` names the two apart from the object: a service's
 * `parent_object_type`/`parent_object_id` show `parent`.) The writer checks that the type is one
 * of the targets and that the pair names an existing object.
 */
import { column, nullability } from '../columns.ts';
import * as v from '../validation/index.ts';
import { ownFilter, storedKind } from './stored.ts';
import type { Catalog, FieldKind } from './types.ts';
import type { Field } from '../../contract/index.ts';

const objectTypes = (field: Field, catalog: Catalog) => field.generic!.targets.map((key) => catalog.resource(key).objectType);

export const objectType = storedKind({
  name: 'object_type',
  optionsType: 'string',
  column: (field) => column('varchar', field.column!, { length: 100 }, nullability(field.nullable)),
  // Any type here: the writer checks the pair against the targets once it can look objects up
  // (checkGenericRelations), so that a model may refuse a served type in its own words.
  validator: (field) => v.objectType(null, { nullable: field.nullable }),
  schema: (field, catalog) => ({ type: 'string', enum: objectTypes(field, catalog), description: 'Object type, `<app>.<model>`' }),
  filters: (field) => [ownFilter(field, 'content_type')],
  // A key to ContentType in Django: a path names it by `<name>_id` too, and an `_id` filter maps ids to types.
  djangoForeignKey: true,
  idFilter: 'content_type_id',
});

export const genericFk: FieldKind = {
  name: 'generic_fk',
  keys: ['targets', 'on_delete', 'pair', 'generic_relations', 'optional_id'],
  optionsType: 'field',
  readOnly: true,
  relation: {
    many: false,
    target: 'row',
    held: (field) => ({ id: field.generic!.idField, type: field.generic!.typeField }),
    // `do_nothing`: a delete of the object it names leaves the row as it is (a change record's object);
    // so does a delete of a target without a GenericRelation back (`relations`), as Django's collector does.
    deleteEdge: (field) =>
      field.onDelete === 'do_nothing' ? null : { kind: 'generic', targets: [...(field.generic!.relations ?? field.generic!.targets)].sort(), onDelete: field.onDelete ?? 'cascade' },
  },
  defaultColumn: () => null,
  column: () => null,
  response: (field, ctx) => ({
    type: 'object',
    additionalProperties: {},
    readOnly: true,
    nullable: true,
    description: `A ${field.generic!.targets.map((t) => ctx.resource(t).verboseName).join(', ')}`,
  }),
  // One branch per target type: the object the (type, id) pair names, as JSON.
  select(field, resource, alias, ctx) {
    const columnOf = (name: string) => ctx.value(resource, resource.fields.find((f) => f.name === name)!, alias);
    const branches = field.generic!.targets.map((key) => `WHEN '${ctx.resource(key).objectType}' THEN ${ctx.nested(key, columnOf(field.generic!.idField))}`);
    return `CASE ${columnOf(field.generic!.typeField)} ${branches.join(' ')} END`;
  },
  serialize(field, _resource, row, ctx) {
    const target = ctx.byObjectType(String(row[field.generic!.typeField]));
    return target ? ctx.nested(target.key, row[field.name] as Record<string, unknown> | null) : null;
  },
  // While rendering, each branch's nested object is the final one; a type served by no branch is null.
  json: (field, resource, alias, ctx) => genericFk.select(field, resource, alias, ctx)!,
};

