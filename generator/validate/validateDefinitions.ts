/**
 * @module
 * Checks each definitions file against its zod schema and turns every issue into a positioned
 * diagnostic: missing keys point at their parent, unknown keys at themselves.
 */
import type { z } from 'zod';
import { fieldKinds } from '../../runtime/kinds/index.ts';
import { commonFieldKeys, type FieldDefinition } from './definitionSchema.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { PathKey, YamlSource } from '../load/yamlSource.ts';
import { closest, didYouMean } from '../suggest.ts';
import { keysAt } from './schemaKeys.ts';

function valueAt(root: unknown, path: readonly PathKey[]): { found: boolean; value: unknown } {
  let node: unknown = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !(key in (node as object))) return { found: false, value: undefined };
    node = (node as Record<PathKey, unknown>)[key];
  }
  return { found: true, value: node };
}

/**
 * A value matching no option of a union is reported by the one option it has the shape of (an
 * object for `{ replace: [...] }`), with that option's own issues; when it has the shape of none,
 * the union's message, which names the forms it takes, is kept.
 */
function unwrapUnion(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const shaped = issue.errors.filter((errors) => !errors.some((e) => e.code === 'invalid_type' && e.path.length === 0));
  if (shaped.length !== 1) return [issue];
  return shaped[0].flatMap((inner) => unwrapUnion({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue));
}

/** Validates `source.value` with `schema`; returns the parsed value, or diagnostics (an unknown key's with the allowed key nearest to it). */
export function validateSource<T>(source: YamlSource, schema: z.ZodType<T>): { value?: T; diagnostics: Diagnostic[] } {
  const result = schema.safeParse(source.value);
  if (result.success) return { value: result.data, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  // A misspelt required key (`modle:`) is one mistake: the unknown key says it, with the
  // suggestion; the missing `model` it leaves behind is not reported again.
  const suggested = new Set<string>();
  // A rule over a mapping's keys (`replace` or `drop`) is moot while the mapping has a misspelt key.
  const withUnknownKeys = new Set<string>();
  for (const issue of result.error.issues.flatMap(unwrapUnion)) {
    const path = issue.path as PathKey[];
    if (issue.code === 'unrecognized_keys') {
      withUnknownKeys.add(JSON.stringify(path));
      const allowed = keysAt(schema, path);
      for (const key of issue.keys) {
        const suggestion = closest(key, allowed);
        if (suggestion) suggested.add(JSON.stringify([...path, suggestion]));
        diagnostics.push(source.diagnostic([...path, key], 'E_UNKNOWN_KEY', `unknown key "${key}"${path.length ? ` in ${path.join('.')}` : ''}${didYouMean(key, allowed)}`, true));
      }
    }
  }
  for (const issue of result.error.issues.flatMap(unwrapUnion)) {
    const path = issue.path as PathKey[];
    if (issue.code === 'unrecognized_keys' || (issue.code === 'custom' && withUnknownKeys.has(JSON.stringify(path)))) continue;
    if (issue.code === 'invalid_key') {
      // A malformed record key (resource path, field name): point at the key, say what it must be.
      const reason = issue.issues.map((inner) => inner.message).join('; ') || issue.message;
      diagnostics.push(source.diagnostic(path, 'E_INVALID_VALUE', `${path.join('.')}: ${reason}`, true));
      continue;
    }
    const { found, value } = valueAt(source.value, path);
    if (!found) {
      if (suggested.has(JSON.stringify(path))) continue;
      const key = path[path.length - 1];
      diagnostics.push(source.diagnostic(path.slice(0, -1), 'E_MISSING_KEY', `missing required key "${String(key)}"${path.length > 1 ? ` in ${path.slice(0, -1).join('.')}` : ''}`));
      continue;
    }
    // A misspelt option of a fixed set (`on_delete: set-null`) names the option it is nearest to.
    const options = issue.code === 'invalid_value' && typeof value === 'string' ? issue.values.map(String) : [];
    diagnostics.push(source.diagnostic(path, 'E_INVALID_VALUE', `${path.join('.') || '(document)'}: ${issue.message}${typeof value === 'string' ? didYouMean(value, options) : ''}`));
  }
  return { diagnostics };
}

/** Keys each field type takes besides the common ones: its kind's keys (runtime/kinds), and generic_fk's. */
function kindKeys(type: string): readonly string[] {
  if (type === 'generic_fk') return ['targets', 'on_delete', 'pair', 'generic_relations', 'optional_id'];
  return fieldKinds.get(type)?.keys ?? [];
}

/** A key the field's type does not take (`max_length` on an fk) is reported at the key, like any unknown key. */
export function fieldKeyDiagnostics(source: YamlSource, fields: Record<string, FieldDefinition | null> | undefined, at: PathKey[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [name, def] of Object.entries(fields ?? {})) {
    if (!def) continue;
    const allowed = new Set<string>([...commonFieldKeys, ...kindKeys(def.type)]);
    for (const key of Object.keys(def)) {
      // `targets` on an fk is most likely `target`: suggest among the keys this type takes.
      if (!allowed.has(key)) out.push(source.diagnostic([...at, name, key], 'E_UNKNOWN_KEY', `key "${key}" does not apply to a field of type ${def.type} (in ${[...at, name].join('.')})${didYouMean(key, allowed)}`, true));
    }
  }
  return out;
}
