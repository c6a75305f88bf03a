/**
 * @module
 * Turns a merged field definition into its IR form: storage column, defaults, and the link table
 * of a many-to-many field. Relation targets are resolved later, once every resource is known.
 */
import type { FieldDefinition } from '../../validate/definitionSchema.ts';
import type { FieldIR } from '../types.ts';
import { fieldLabel, snakeCase } from '../naming.ts';

/** The tag link table shared by every taggable model (NetBox's extras.TaggedItem). */
export const TAGGED_ITEM_TABLE = 'extras_tagged_item';

/** Fields every resource starts with, before its own. */
export function headFields(): FieldIR[] {
  return (['id', 'url', 'display_url', 'display'] as const).map((name) => ({
    ...blankField(name, name),
    column: name === 'id' ? 'id' : null,
    readOnly: true,
    orderable: name === 'id' || name === 'display',
  }));
}

function blankField(name: string, kind: FieldIR['kind']): FieldIR {
  return {
    name, kind, column: null, required: false, nullable: false, readOnly: false, writeOnly: false, default: null,
    maxLength: null, minValue: null, maxValue: null, digits: null, choiceSet: null, target: null, onDelete: null,
    link: null, reverseOf: null, generic: null, count: null, label: fieldLabel(name), orderable: false,
    createOnly: false, labelled: kind === 'choice',
  };
}

const unstored = new Set<FieldIR['kind']>(['m2m', 'tags', 'count', 'generic_fk']);

function defaultColumn(name: string, def: FieldDefinition): string | null {
  if (def.column) return def.column;
  if (unstored.has(def.type)) return null;
  if (def.type === 'fk') return `${name}_id`;
  if (def.type === 'custom_fields') return 'custom_field_data';
  if (def.type === 'depth') return 'tree_depth';
  return name;
}

function defaultValue(def: FieldDefinition): unknown {
  if (def.default !== undefined) return def.default;
  if (def.required || def.nullable || def.read_only) return null;
  switch (def.type) {
    case 'string': case 'text': case 'slug': case 'email': case 'password': return '';
    case 'string_list': case 'ip_network_list': return [];
    case 'custom_fields': return {};
    default: return null;
  }
}

export function buildField(name: string, def: FieldDefinition, table: string, model: string): FieldIR {
  const kind = def.type;
  const readOnly = def.read_only ?? (kind === 'count' || kind === 'depth');
  const field: FieldIR = {
    ...blankField(name, kind),
    column: defaultColumn(name, def),
    required: def.required ?? false,
    nullable: def.nullable ?? false,
    readOnly,
    writeOnly: def.write_only ?? kind === 'password',
    default: defaultValue(def),
    maxLength: def.max_length ?? null,
    minValue: def.min_value ?? null,
    maxValue: def.max_value ?? null,
    digits: def.digits ?? null,
    choiceSet: def.choices ?? null,
    target: def.target ?? (kind === 'tags' ? 'extras.tags' : null),
    onDelete: kind === 'fk' ? (def.on_delete ?? (def.nullable ? 'set_null' : 'cascade')) : null,
    label: def.label ?? fieldLabel(name),
    createOnly: def.create_only ?? false,
    labelled: kind === 'choice' && (def.labelled ?? true),
  };
  if (kind === 'm2m') field.link = { table: `${table}_${name}`, source: `${snakeCase(model)}_id`, target: `${name.replace(/s$/, '')}_id` };
  if (kind === 'tags') field.link = { table: TAGGED_ITEM_TABLE, source: 'object_id', target: 'tag_id' };
  if (kind === 'count') field.count = { target: def.target ?? '', via: def.via ?? '', cumulative: def.cumulative ?? false };
  const storedScalar = field.column !== null && !['json', 'custom_fields', 'password', 'string_list', 'ip_network_list'].includes(kind);
  // Only what a client may read may order a list: sorting by a hidden field (a token's secret) would leak it.
  field.orderable = !field.writeOnly && (def.orderable ?? (storedScalar || kind === 'count'));
  return field;
}

/**
 * A generic relation becomes three API fields, as in NetBox: `<name>_type` (writable `app.model`),
 * `<name>_id` (writable id) and `<name>` (the related object, read-only).
 */
export function buildGenericFields(name: string, def: FieldDefinition): FieldIR[] {
  const generic = { typeField: `${name}_type`, idField: `${name}_id`, targets: def.targets ?? [] };
  const required = def.required ?? false;
  const nullable = def.nullable ?? !required;
  const typeField: FieldIR = { ...blankField(generic.typeField, 'object_type'), column: generic.typeField, required, nullable, maxLength: 100, generic, orderable: true };
  const idField: FieldIR = { ...blankField(generic.idField, 'integer'), column: generic.idField, required, nullable, minValue: 0, maxValue: 2147483647, orderable: true };
  // What happens to this object when the one it points at is deleted (NetBox's GenericRelation cascades).
  const onDelete = def.on_delete ?? (nullable ? 'set_null' : 'cascade');
  const object: FieldIR = { ...blankField(name, 'generic_fk'), readOnly: true, nullable: true, generic, onDelete, label: def.label ?? fieldLabel(name) };
  return [typeField, idField, object];
}
