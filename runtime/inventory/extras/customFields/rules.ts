/**
 * @module
 * Rules of custom fields (`extras.custom-fields`) and choice sets. A definition is checked as
 * NetBox's CustomField.clean() checks it (definitionChecks.ts), and the objects an object field's
 * default names must exist (defaultObjects.ts). The values live in the `custom_field_data` column
 * of each object type's table, and follow the definition in the same transaction, as NetBox's
 * signal handlers make them: a new field's default is given to existing objects, a rename moves the
 * values, a removed object type or a deleted field takes its values away.
 */
import type { Queryable } from '../../../db/index.ts';
import type { ModelRules, Registry, WriteItem } from '../../../rest/index.ts';
import { appLabeledName } from '../../core/shared/objectTypeLabels.ts';
import { CHOICE_SET_TABLE, CUSTOM_FIELD_TABLE } from './source.ts';
import { checkDefinition } from './definitionChecks.ts';
import { checkDefaultObjects } from './defaultObjects.ts';
import { choicesOf, extraChoices, type ChoiceSetRow } from './choiceSets.ts';

type Row = Record<string, unknown>;

/** The table and custom-data column of each object type that has custom fields. */
function dataTables(registry: Registry, objectTypes: readonly string[]): { table: string; column: string }[] {
  return objectTypes.flatMap((type) => {
    const resource = registry.byObjectType.get(type)?.resource;
    const field = resource?.fields.find((f) => f.kind === 'custom_fields');
    return resource && field?.column ? [{ table: resource.table, column: field.column }] : [];
  });
}

async function removeValues(tx: Queryable, registry: Registry, objectTypes: readonly string[], name: string): Promise<void> {
  for (const { table, column } of dataTables(registry, objectTypes)) await tx.query(`UPDATE "${table}" SET "${column}" = "${column}" - $1::text WHERE "${column}" ? $1::text`, [name]);
}

async function renameValues(tx: Queryable, registry: Registry, objectTypes: readonly string[], from: string, to: string): Promise<void> {
  for (const { table, column } of dataTables(registry, objectTypes)) {
    await tx.query(`UPDATE "${table}" SET "${column}" = ("${column}" - $1::text) || jsonb_build_object($2::text, "${column}" -> $1::text) WHERE "${column}" ? $1::text`, [from, to]);
  }
}

async function fillDefault(tx: Queryable, registry: Registry, objectTypes: readonly string[], name: string, value: unknown): Promise<void> {
  for (const { table, column } of dataTables(registry, objectTypes)) {
    await tx.query(`UPDATE "${table}" SET "${column}" = "${column}" || jsonb_build_object($1::text, $2::text::jsonb) WHERE NOT "${column}" ? $1::text`, [name, JSON.stringify(value)]);
  }
}

const typesOf = (row: Row | null) => ((row?.object_types as string[] | null) ?? []);

export const customFieldRules: ModelRules = {
  async clean({ items, tx, registry }) {
    const setIds = [...new Set(items.map((item) => item.value('choice_set_id')).filter((id) => id !== null && id !== undefined))];
    const sets = setIds.length ? await tx.query<ChoiceSetRow & { id: number; name: string }>(`SELECT id, name, base_choices, extra_choices FROM "${CHOICE_SET_TABLE}" WHERE id = ANY($1::int[])`, [setIds]) : [];
    const byId = new Map(sets.map((s) => [Number(s.id), { name: s.name, values: choicesOf(s).map(([value]) => value) }]));
    for (const item of items) {
      const setId = item.value('choice_set_id');
      const choices = setId === null || setId === undefined ? null : byId.get(Number(setId)) ?? null;
      checkDefinition(item.row(), choices, registry, (field, message) => item.error(field, message));
    }
    await checkDefaultObjects(items, tx, registry);
  },
  async afterSave({ items, tx, registry }) {
    for (const item of items) await followDefinition(tx, registry, item);
  },
  async beforeDelete(plan, tx, _ctx, registry) {
    const ids = plan.deletes.filter((d) => d.resource.key === 'extras.custom-fields').flatMap((d) => d.ids);
    if (!ids.length) return;
    const rows = await tx.query<{ name: string; object_types: string[] }>(`SELECT name, object_types FROM "${plan.deletes.find((d) => d.resource.key === 'extras.custom-fields')!.resource.table}" WHERE id = ANY($1::int[])`, [ids]);
    for (const row of rows) await removeValues(tx, registry, row.object_types, row.name);
  },
};

/** Moves the stored values after one definition was written. */
async function followDefinition(tx: Queryable, registry: Registry, item: WriteItem): Promise<void> {
  const row = item.row();
  const name = String(row.name);
  const before = item.existing;
  const now = typesOf(row);
  if (before) {
    const removed = typesOf(before).filter((t) => !now.includes(t));
    if (removed.length) await removeValues(tx, registry, removed, String(before.name));
    if (before.name !== name) await renameValues(tx, registry, typesOf(before).filter((t) => now.includes(t)), String(before.name), name);
  }
  const added = before ? now.filter((t) => !typesOf(before).includes(t)) : now;
  if (added.length && row.default !== null && row.default !== undefined) await fillDefault(tx, registry, added, name, row.default);
}

export const choiceSetRules: ModelRules = {
  async clean({ items, tx, registry }) {
    for (const item of items) {
      const extra = item.value('extra_choices');
      if (extra !== null && extra !== undefined) {
        if (!Array.isArray(extra)) {
          item.error('extra_choices', `Expected a list of items but got type "${typeof extra === 'string' ? 'str' : typeof extra === 'object' ? 'dict' : typeof extra}".`);
          continue;
        }
        const bad = extra.findIndex((pair) => !Array.isArray(pair) || pair.length !== 2 || pair.some((part) => typeof part !== 'string' && typeof part !== 'number'));
        if (bad >= 0) {
          item.error('extra_choices', `Each choice must be a [value, label] pair (item ${bad}).`);
          continue;
        }
      }
      const colors = item.value('choice_colors');
      if (colors !== null && colors !== undefined && (typeof colors !== 'object' || Array.isArray(colors))) {
        item.error('choice_colors', `Expected a dictionary of items but got type "${Array.isArray(colors) ? 'list' : typeof colors}".`);
        continue;
      }
      // The serializer's DictField of ChoiceFields: each color must be one of NetBox's.
      const mapping = (colors ?? {}) as Record<string, unknown>;
      for (const [value, color] of Object.entries(mapping)) {
        if (typeof color !== 'string' || !CHOICE_COLORS.has(color)) item.errors.addItem('choice_colors', value, `"${typeof color === 'string' ? color : JSON.stringify(color)}" is not a valid choice.`);
      }
      if (!item.errors.empty) continue;
      const problem = choiceSetProblem(item.row(), mapping);
      if (problem) item.error(problem[0], problem[1]);
      else if (item.existing) {
        const inUse = await removedChoiceInUse(tx, registry, item);
        if (inUse) item.error('__all__', inUse);
      }
    }
  },
};

/**
 * CustomFieldChoiceSet.clean()'s last check: an extra choice an update removes (and the base
 * choices do not offer) must not be a value of any object, under any field using the set. The
 * first one found is named, with the object type as Django prints it.
 */
async function removedChoiceInUse(tx: Queryable, registry: Registry, item: WriteItem): Promise<string | null> {
  const before = extraChoices(item.existing?.extra_choices).map(([value]) => value);
  const row = item.row();
  const valid = new Set(choicesOf({ base_choices: (row.base_choices as string | null) ?? null, extra_choices: row.extra_choices }).map(([value]) => value));
  const removed = [...new Set(before.filter((value) => !valid.has(value)))];
  if (!removed.length) return null;
  const fields = await tx.query<{ name: string; type: string; object_types: string[] }>(
    `SELECT name, type, object_types FROM "${CUSTOM_FIELD_TABLE}" WHERE choice_set_id = $1 ORDER BY group_name, weight, name`,
    [item.id],
  );
  for (const field of fields) {
    for (const type of field.object_types ?? []) {
      const resource = registry.byObjectType.get(type)?.resource;
      const [data] = dataTables(registry, [type]);
      if (!resource || !data) continue;
      for (const choice of removed) {
        const holds = field.type === 'multiselect' ? `"${data.column}" -> $1::text @> to_jsonb($2::text)` : `"${data.column}" -> $1::text = to_jsonb($2::text)`;
        const [found] = await tx.query(`SELECT 1 FROM "${data.table}" WHERE ${holds} LIMIT 1`, [field.name, choice]);
        if (found) return `Cannot remove choice ${choice} as there are ${appLabeledName(resource)} objects which reference it.`;
      }
    }
  }
  return null;
}

/** CustomFieldChoiceColorChoices' values. */
const CHOICE_COLORS = new Set(['blue', 'indigo', 'purple', 'pink', 'red', 'orange', 'yellow', 'green', 'teal', 'cyan', 'gray', 'black', 'white']);

/**
 * CustomFieldChoiceSet.clean()'s first refusal, as [key, message]: no choices at all, an extra
 * value given twice, colors for values that are no choice. (Refusing to remove a choice objects
 * still use is not done here.)
 */
function choiceSetProblem(row: Record<string, unknown>, colors: Record<string, unknown>): [string, string] | null {
  const extra = Array.isArray(row.extra_choices) ? (row.extra_choices as unknown[][]) : [];
  if (!row.base_choices && !extra.length) return ['__all__', 'Must define base or extra choices.'];
  const seen = new Set<string>();
  for (const [value] of extra) {
    // Python's set: 1 and 1.0 are one value, 1 and "1" two.
    const key = `${typeof value}:${String(value)}`;
    if (seen.has(key)) return ['__all__', `Duplicate value '${String(value)}' found in extra choices.`];
    seen.add(key);
  }
  const valid = new Set(choicesOf({ base_choices: (row.base_choices as string | null) ?? null, extra_choices: extra }).map(([value]) => value));
  const invalid = Object.keys(colors).filter((value) => !valid.has(value)).sort();
  if (invalid.length) return ['choice_colors', `Color mappings must reference an existing choice value. Invalid value(s): ${invalid.join(', ')}.`];
  return null;
}
