/**
 * @module
 * Turns a merged field definition into its IR form through its field kind: storage column,
 * defaults, label, and the link table of a many-to-many field. Relation targets are resolved
 * later, once every resource is known.
 */
import type { Field, FieldEntry } from '../../../runtime/contract/index.ts';
import { expandField, fieldKind, labelOf } from '../../../runtime/kinds/index.ts';
import type { FieldDefinition } from '../../validate/definitionSchema.ts';
import { snakeCase } from '../naming.ts';

/** The listed targets of a generic relation (a `{ feature }` form is resolved to a list before fields are built). */
const targetList = (def: FieldDefinition): string[] => (Array.isArray(def.targets) ? def.targets : []);

/** Value on create when the definition gives none: what NetBox's model fields default to. */
function defaultValue(def: FieldDefinition): unknown {
  if (def.default !== undefined) return def.default;
  if (def.required || def.nullable || def.read_only) return null;
  return fieldKind(def.type).modelDefault?.() ?? null;
}

/** The target a relation kind fixes itself (tags: extras.tags), when the definition names none. */
function fixedTarget(def: FieldDefinition): string | undefined {
  const target = fieldKind(def.type).relation?.target;
  return typeof target === 'object' ? target.fixed : undefined;
}

/** The definition's keys as the table's entry (snake_case → camelCase), without what the kind fills in. */
function entryOf(name: string, def: FieldDefinition): FieldEntry {
  const entry: FieldEntry = { name, kind: def.type };
  const set = <K extends keyof FieldEntry>(key: K, value: FieldEntry[K] | undefined) => {
    if (value !== undefined) entry[key] = value;
  };
  set('column', def.column);
  set('required', def.required);
  set('nullable', def.nullable);
  set('readOnly', def.read_only);
  set('writeOnly', def.write_only);
  set('label', def.label);
  set('orderable', def.orderable);
  set('createOnly', def.create_only);
  set('expression', def.expression);
  set('dbIndex', def.db_index);
  set('maxLength', def.max_length);
  set('minValue', def.min_value);
  set('maxValue', def.max_value);
  set('digits', def.digits);
  set('choices', def.choices);
  set('labelled', def.labelled);
  set('blank', def.blank);
  set('target', def.target ?? fixedTarget(def));
  set('via', def.via);
  set('cumulative', def.cumulative);
  set('shows', def.shows);
  set('field', def.field);
  set('bare', def.bare);
  set('slugField', def.slug_field);
  set('peer', def.peer);
  set('stored', def.stored);
  if (def.type === 'object_list' && def.targets) entry.generic = { typeField: 'object_type', idField: 'object_id', targets: targetList(def) };
  if (fieldKind(def.type).relation?.foreignKeyColumn) entry.onDelete = def.on_delete ?? (def.nullable ? 'set_null' : 'cascade');
  return entry;
}

export function buildField(name: string, def: FieldDefinition, table: string, model: string): Field {
  const field = expandField(entryOf(name, def));
  field.default = defaultValue(def);
  // A value computed by an expression is never written, except an object_list with targets and
  // position mappings: the expression reads what the model's rules persisted from the written
  // list (a cable's ends, a front port's rear ports).
  if ((def.type === 'object_list' && def.targets) || def.type === 'position_mappings') field.readOnly = def.read_only ?? false;
  else if (def.expression) field.readOnly = true;
  // A related list is shown, and written only where NetBox's serializer writes it (`read_only: false`).
  else if (def.type === 'related_list') field.readOnly = def.read_only ?? true;
  if (def.type === 'm2m') field.link = { table: `${table}_${name}`, source: `${snakeCase(model)}_id`, target: `${name.replace(/s$/, '')}_id` };
  return field;
}

/**
 * A generic relation becomes three API fields, as in NetBox: `<name>_type` (writable `app.model`),
 * `<name>_id` (writable id) and `<name>` (the related object, read-only). With `pair`, the first
 * two are `<pair>_type` and `<pair>_id` (a service's `parent_object_type` for its `parent`).
 */
export function buildGenericFields(name: string, def: FieldDefinition): Field[] {
  const pair = def.pair ?? name;
  const generic = { typeField: `${pair}_type`, idField: `${pair}_id`, targets: targetList(def), ...(def.generic_relations ? { relations: [...def.generic_relations].sort() } : {}) };
  const required = def.required ?? false;
  const nullable = def.nullable ?? !required;
  // `optional_id`: the id may be left out or null; BaseModel.clean() refuses a type without it (the writer's pair check).
  const optionalId = def.optional_id ?? false;
  const createOnly = def.create_only ?? false;
  // `read_only` makes the written pair read-only too (a tag assignment's object is shown, never written).
  const readOnly = def.read_only ?? false;
  const typeField = { ...expandField({ name: generic.typeField, kind: 'object_type', required, nullable, readOnly, maxLength: 100, generic, createOnly }), default: null };
  const idField = { ...expandField({ name: generic.idField, kind: 'integer', required: required && !optionalId, nullable: nullable || optionalId, readOnly, minValue: 0, maxValue: 2147483647, createOnly }), default: null };
  // What happens to this object when the one it points at is deleted (NetBox's GenericRelation cascades).
  const onDelete = def.on_delete ?? (nullable ? 'set_null' : 'cascade');
  const object = expandField({ name, kind: 'generic_fk', readOnly: true, nullable: true, generic, onDelete, label: def.label ?? labelOf(name) });
  return [typeField, idField, object];
}
