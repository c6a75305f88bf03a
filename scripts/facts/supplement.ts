/**
 * @module
 * supplement.yaml: facts of NetBox's models that models.md leaves out (bases with no facts of
 * their own, tree parents), folded into the extract's models. It only adds: a class models.md
 * describes may gain relations it does not list, never a second word on one it does.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import type { Extract, ModelFacts } from './types.ts';

export const SUPPLEMENT_PATH = fileURLToPath(new URL('./supplement.yaml', import.meta.url));

const relation = z.strictObject({
  kind: z.enum(['ForeignKey', 'OneToOneField', 'TreeForeignKey']),
  target: z.string(),
  onDelete: z.string(),
  // Not `null:`, which YAML reads as a null key.
  nullable: z.literal(true).optional(),
});
const supplementSchema = z.strictObject({
  models: z.record(z.string().regex(/^\w+\.\w+$/), z.strictObject({ bases: z.array(z.string()).optional(), relations: z.record(z.string(), relation).optional() })),
});
export type Supplement = z.infer<typeof supplementSchema>;

export function readSupplement(path: string = SUPPLEMENT_PATH): Supplement {
  const parsed = supplementSchema.safeParse(parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** The extract's models with the supplement's facts added; a fact both state is an error. */
export function withSupplement(models: Extract['models'], supplement: Supplement): Extract['models'] {
  const out: Extract['models'] = { ...models };
  for (const [key, extra] of Object.entries(supplement.models)) {
    const known = out[key];
    if (known && extra.bases && known.bases.length) throw new Error(`supplement.yaml: ${key} has bases in models.md already`);
    const merged: ModelFacts = known ? { ...known, relations: { ...known.relations } } : { bases: [], relations: {}, unique: [], rules: [] };
    if (extra.bases) merged.bases = extra.bases;
    for (const [name, r] of Object.entries(extra.relations ?? {})) {
      if (name in merged.relations) throw new Error(`supplement.yaml: ${key}.${name} is in models.md already`);
      merged.relations[name] = { kind: r.kind, target: r.target === 'self' ? key : r.target, onDelete: r.onDelete, ...(r.nullable ? { null: true as const } : {}) };
    }
    out[key] = merged;
  }
  return out;
}
