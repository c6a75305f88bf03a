/**
 * @module
 * The keys a definition schema allows at a value path (`resources.shelves.fields.name` → the
 * field keys), read from the zod schema itself, so that an unknown key's diagnostic can suggest
 * the allowed key it was probably meant to be without a second list of keys to keep in step.
 */
import type { z } from 'zod';
import type { PathKey } from '../load/yamlSource.ts';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  valueType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object schemas a value at `path` may be checked against (several under a union). */
function objectsAt(schema: z.ZodType, path: readonly PathKey[]): Def[] {
  const def = defOf(schema);
  const wrapped = def.innerType ?? def.in;
  if (wrapped) return objectsAt(wrapped, path);
  if (def.type === 'union') return (def.options ?? []).flatMap((option) => objectsAt(option, path));
  if (!path.length) return def.type === 'object' ? [def] : [];
  const [key, ...rest] = path;
  if (def.type === 'object') return def.shape && String(key) in def.shape ? objectsAt(def.shape[String(key)], rest) : [];
  if (def.type === 'record' && def.valueType) return objectsAt(def.valueType, rest);
  if (def.type === 'array' && def.element) return objectsAt(def.element, rest);
  return [];
}

/** The keys allowed in the mapping at `path` of a value checked by `schema`. */
export function keysAt(schema: z.ZodType, path: readonly PathKey[]): string[] {
  return [...new Set(objectsAt(schema, path).flatMap((def) => Object.keys(def.shape ?? {})))].sort();
}
