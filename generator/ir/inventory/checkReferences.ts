/**
 * @module
 * Checks a built resource's references to other definitions: relation targets, choice sets and
 * defaults, count and reverse fields, and the field names used by brief, nested, ordering, unique
 * and display. Each problem becomes a positioned diagnostic.
 */
import { legacyField, legacyGeneric, type Field } from '../../../runtime/contract/index.ts';
import { fieldKind } from '../../../runtime/kinds/index.ts';
import type { Diagnostic } from '../../diagnostics.ts';
import type { LoadedDefinitions } from '../../load/readDefinitions.ts';
import type { PathKey } from '../../load/yamlSource.ts';
import type { ResourceIR } from '../types.ts';
import type { Pending } from './pending.ts';
import { didYouMean } from '../../suggest.ts';

const relationOf = (field: Field) => fieldKind(field.kind).relation;
/** A relation whose definition names its target (`target:`). */
const needsTarget = (field: Field) => relationOf(field)?.target === 'definition';
/** A relation whose target the kind fixes (not written in the definition), which must exist all the same. */
const fixedTarget = (field: Field) => typeof relationOf(field)?.target === 'object';
/** A relation held on the row (an fk, a generic relation): what a reverse field mirrors, what a change record relates to. */
const held = (field: Field) => !!relationOf(field)?.held;
/** A relation a count may count through (`via`). */
const countable = (field: Field) => !!relationOf(field)?.countable;
/** A kind that takes a definition key (`choices` for a choice set, `via` for a count, `shows`). */
const takes = (field: Field, key: string) => !!fieldKind(field.kind).keys?.includes(key);

export function checkReferences(p: Pending, byKey: Map<string, ResourceIR>, choices: LoadedDefinitions['choices'], out: Diagnostic[]): void {
  const { ir, source, at, definition } = p;
  const fieldAt = (name: string): PathKey[] => (definition.fields && name in definition.fields ? [...at, 'fields', name] : [...at, 'mixins']);
  const names = new Set(ir.fields.map((f) => f.name));
  for (const f of ir.fields) {
    if (needsTarget(f) && !f.target) {
      out.push(source.diagnostic(fieldAt(f.name), 'E_MISSING_KEY', `${ir.key}.${f.name}: an ${f.kind} field needs "target"`));
    } else if (needsTarget(f) && !byKey.has(f.target!)) {
      out.push(source.diagnostic([...fieldAt(f.name), 'target'], 'E_UNKNOWN_TARGET', `${ir.key}.${f.name}: unknown ${f.kind} target "${f.target ?? ''}"${didYouMean(f.target ?? '', byKey.keys())}`));
    }
    if (relationOf(f)?.reversed && f.target && byKey.has(f.target) && !byKey.get(f.target)!.fields.some((t) => t.name === f.field && held(t))) {
      out.push(source.diagnostic(fieldAt(f.name), 'E_UNKNOWN_FIELD', `${ir.key}.${f.name}: ${f.target} has no fk "${f.field ?? ''}" pointing here${didYouMean(f.field ?? '', byKey.get(f.target)!.fields.filter(held).map((t) => t.name))}`));
    }
    // A delete that nulls the reference needs a column that may be null.
    if (fixedTarget(f) && f.target && !byKey.has(f.target)) out.push(source.diagnostic(fieldAt(f.name), 'E_UNKNOWN_TARGET', `${ir.key}.${f.name}: a ${f.kind} field needs the resource ${f.target}, which is not defined`));
    // A written reverse relation sets the listed objects' foreign key: one a generic relation holds cannot be set so.
    const reassigns = relationOf(f)?.reassigns;
    if (!f.readOnly && reassigns && f.target && byKey.has(f.target) && !reassigns(f, { resource: (key) => byKey.get(key)!, choiceSet: () => [] })) {
      out.push(source.diagnostic([...fieldAt(f.name), 'read_only'], 'E_INVALID_VALUE', `${ir.key}.${f.name}: a ${f.kind} field is written through a foreign key of ${f.target}, and "${f.field ?? ''}" is none (leave out read_only: false)`));
    }
    // A kind with no request shape (a count, a reverse relation) is only ever read.
    if (!f.readOnly && !fieldKind(f.kind).request) out.push(source.diagnostic(definition.fields?.[f.name]?.read_only === false ? [...fieldAt(f.name), 'read_only'] : fieldAt(f.name), 'E_INVALID_VALUE', `${ir.key}.${f.name}: a ${f.kind} field is read-only (leave out read_only: false)`));
    if (relationOf(f)?.foreignKeyColumn && f.onDelete === 'set_null' && !f.nullable) out.push(source.diagnostic([...fieldAt(f.name), 'on_delete'], 'E_INVALID_VALUE', `${ir.key}.${f.name}: on_delete set_null needs a nullable field (add nullable: true, or choose cascade or protect)`));
    if (relationOf(f)?.foreignKeyColumn && f.onDelete === 'do_nothing') out.push(source.diagnostic([...fieldAt(f.name), 'on_delete'], 'E_INVALID_VALUE', `${ir.key}.${f.name}: do_nothing is for generic relations only (a foreign key must say what a delete does)`));
    if (relationOf(f)?.target === 'row') {
      // An empty `{ feature }` form is reported where it is resolved (features.ts).
      const byFeature = !Array.isArray(definition.fields?.[f.name]?.targets ?? []);
      if (!f.generic!.targets.length && !byFeature) out.push(source.diagnostic(fieldAt(f.name), 'E_MISSING_KEY', `${ir.key}.${f.name}: a generic_fk field needs "targets"`));
      f.generic!.targets.forEach((target, index) => {
        if (!byKey.has(target)) out.push(source.diagnostic([...fieldAt(f.name), 'targets', index], 'E_UNKNOWN_TARGET', `${ir.key}.${f.name}: unknown generic_fk target "${target}"${didYouMean(target, byKey.keys())}`));
      });
      // The targets whose deletes reach the row are some of its targets.
      (definition.fields?.[f.name]?.generic_relations ?? []).forEach((target, index) => {
        if (!f.generic!.targets.includes(target)) out.push(source.diagnostic([...fieldAt(f.name), 'generic_relations', index], 'E_UNKNOWN_TARGET', `${ir.key}.${f.name}: generic relation "${target}" is not one of the field's targets${didYouMean(target, f.generic!.targets)}`));
      });
    }
    if (takes(f, 'choices') && !f.choices) {
      out.push(source.diagnostic(fieldAt(f.name), 'E_MISSING_KEY', `${ir.key}.${f.name}: a choice field needs "choices"`));
    } else if (takes(f, 'choices') && !choices[f.choices!]) {
      out.push(source.diagnostic([...fieldAt(f.name), 'choices'], 'E_UNKNOWN_CHOICES', `${ir.key}.${f.name}: unknown choice set "${f.choices ?? ''}"${didYouMean(f.choices ?? '', Object.keys(choices))}`));
    }
    const choiceSet = takes(f, 'choices') && f.choices ? choices[f.choices] : undefined;
    if (choiceSet && f.default !== null && f.default !== '' && !choiceSet.some(([value]) => value === f.default)) {
      out.push(source.diagnostic([...fieldAt(f.name), 'default'], 'E_INVALID_VALUE', `${ir.key}.${f.name}: default ${JSON.stringify(f.default)} is not a value of ${f.choices}${didYouMean(String(f.default), choiceSet.map(([value]) => String(value)))}`));
    }
    if (takes(f, 'via') && !f.expression && !(f.target === undefined && f.via === 'tags')) {
      const target = f.target ? byKey.get(f.target) : undefined;
      if (!target) out.push(source.diagnostic([...fieldAt(f.name), 'target'], 'E_UNKNOWN_TARGET', `${ir.key}.${f.name}: unknown count target "${f.target ?? ''}"${didYouMean(f.target ?? '', byKey.keys())}`));
      else if (!target.fields.some((t) => t.name === f.via && countable(t))) {
        out.push(source.diagnostic([...fieldAt(f.name), 'via'], 'E_UNKNOWN_FIELD', `${ir.key}.${f.name}: ${target.key} has no relation field "${f.via ?? ''}"${didYouMean(f.via ?? '', target.fields.filter(countable).map((t) => t.name))}`));
      }
    }
    if (takes(f, 'shows') && f.shows && f.target && byKey.has(f.target)) {
      for (const shown of f.shows) if (!byKey.get(f.target)!.fields.some((t) => t.name === shown)) out.push(source.diagnostic([...fieldAt(f.name), 'shows'], 'E_UNKNOWN_FIELD', `${ir.key}.${f.name}: ${f.target} has no field "${shown}"${didYouMean(shown, byKey.get(f.target!)!.fields.map((t) => t.name))}`));
    }
  }
  const check = (list: readonly string[] | undefined, key: string, strip = (s: string) => s) =>
    (list ?? []).forEach((name, index) => {
      if (!names.has(strip(name))) out.push(source.diagnostic([...at, key, index], 'E_UNKNOWN_FIELD', `${ir.key} ${key}: unknown field "${strip(name)}"${didYouMean(strip(name), names)}`));
    });
  check(definition.brief, 'brief');
  check(definition.nested, 'nested');
  check(definition.ordering, 'ordering', (s) => s.replace(/^-/, ''));
  for (const [old, current] of Object.entries(definition.legacy_names ?? {})) {
    const field = legacyField(current);
    const generic = legacyGeneric(current);
    if (generic && !ir.fields.find((f) => f.name === generic.field)?.generic?.targets.includes(generic.target)) {
      out.push(source.diagnostic([...at, 'legacy_names', old], 'E_INVALID_VALUE', `${ir.key} legacy_names: "${generic.field}" is no generic relation to ${generic.target}`));
    }
    if (!names.has(field)) out.push(source.diagnostic([...at, 'legacy_names', old], 'E_UNKNOWN_FIELD', `${ir.key} legacy_names: unknown field "${field}"${didYouMean(field, names)}`));
    if (names.has(old)) out.push(source.diagnostic([...at, 'legacy_names', old], 'E_INVALID_VALUE', `${ir.key} legacy_names: "${old}" is a field of its own`));
  }
  (definition.legacy_hidden ?? []).forEach((hidden, index) => {
    if (!names.has(hidden)) out.push(source.diagnostic([...at, 'legacy_hidden', index], 'E_UNKNOWN_FIELD', `${ir.key} legacy_hidden: unknown field "${hidden}"${didYouMean(hidden, names)}`));
  });
  if (definition.change_related) {
    const names = [definition.change_related].flat();
    // Of several, the first one set is related: only foreign keys (whose target type is known) can be tried in turn.
    const fits = names.length > 1 ? (f: Field) => held(f) && !relationOf(f)!.held!(f).type : held;
    names.forEach((name, index) => {
      const related = ir.fields.find((f) => f.name === name);
      const place = Array.isArray(definition.change_related) ? [...at, 'change_related', index] : [...at, 'change_related'];
      if (!related || !fits(related)) out.push(source.diagnostic(place, 'E_INVALID_VALUE', `${ir.key} change_related: "${name}" is not a foreign key${names.length > 1 ? '' : ' or generic relation'} of the resource${didYouMean(name, ir.fields.filter(fits).map((f) => f.name))}`));
    });
  }
  // Two constraints on the same columns would be one index named twice.
  const seenUnique = new Map<string, number>();
  (definition.unique ?? []).forEach((u, i) => {
    const key = JSON.stringify([[...u.fields].sort(), [...(u.where_null ?? [])].sort()]);
    const first = seenUnique.get(key);
    if (first !== undefined) out.push(source.diagnostic([...at, 'unique', i], 'E_DUPLICATE_NAME', `${ir.key} unique: the constraint on ${u.fields.join(', ')} repeats unique entry ${first + 1}`));
    else seenUnique.set(key, i);
  });
  (definition.unique ?? []).forEach((u, i) =>
    (['fields', 'where_null'] as const).forEach((list) =>
      (u[list] ?? []).forEach((name, j) => {
        if (!names.has(name)) out.push(source.diagnostic([...at, 'unique', i, list, j], 'E_UNKNOWN_FIELD', `${ir.key} unique: unknown field "${name}"${didYouMean(name, names)}`));
        // A unique constraint is an index on columns: a computed or counted field has none.
        else if (!ir.fields.find((f) => f.name === name)!.column) out.push(source.diagnostic([...at, 'unique', i, list, j], 'E_INVALID_VALUE', `${ir.key} unique: "${name}" is not stored in a column, so it cannot be part of a unique constraint`));
      }),
    ),
  );
  checkDisplay(p, byKey, out);
  const parent = ir.fields.find((f) => f.name === 'parent');
  if (ir.tree && (!parent || !relationOf(parent)?.foreignKeyColumn || parent.target !== ir.key)) {
    out.push(source.diagnostic(definition.tree ? [...at, 'tree'] : [...at, 'mixins'], 'E_UNKNOWN_FIELD', `${ir.key}: a tree needs a field "parent" of type fk with target self`));
  }
  // Inherited names (from mixins) are checked once the mixin is applied to a real resource.
  const inherited = [...(definition.brief ? [] : (p.merged.brief ?? [])), ...(definition.ordering ? [] : (p.merged.ordering ?? []).map((s) => s.replace(/^-/, '')))];
  for (const name of inherited) {
    if (!names.has(name)) out.push(source.diagnostic([...at, 'mixins'], 'E_UNKNOWN_FIELD', `${ir.key}: a mixin names unknown field "${name}"${didYouMean(name, names)}`));
  }
}

/** `{field}` and `{field.subfield}` placeholders of `display` must name real fields; `@name` is a named SQL expression. */
function checkDisplay({ ir, source, at, definition }: Pending, byKey: Map<string, ResourceIR>, out: Diagnostic[]): void {
  if (ir.display.startsWith('@')) return;
  const where = definition.display ? [...at, 'display'] : [...at, 'model'];
  for (const [, name, sub] of ir.display.matchAll(/\{([a-z_][a-z0-9_]*)(?:\.([a-z_][a-z0-9_]*))?\}/g)) {
    const field = ir.fields.find((f) => f.name === name);
    const target = field?.target ? byKey.get(field.target) : undefined;
    if (!field) out.push(source.diagnostic(where, 'E_UNKNOWN_FIELD', `${ir.key} display "${ir.display}": unknown field "${name}"${definition.display ? '' : ' (set `display`)'}${didYouMean(name, ir.fields.map((f) => f.name))}`));
    else if (sub && target && !target.fields.some((f) => f.name === sub)) out.push(source.diagnostic(where, 'E_UNKNOWN_FIELD', `${ir.key} display "${ir.display}": ${target.key} has no field "${sub}"${didYouMean(sub, target.fields.map((f) => f.name))}`));
  }
}
