/**
 * @module
 * A served model's facts with its bases' folded in, as Django builds a model from its abstract
 * bases: relations of the nearest class that declares a name win; unique constraints are the
 * class's own when it declares any (a Meta's `constraints` replaces its base's), else the nearest
 * base's; validation messages add up (each `clean()` calls its base's). models.md describes only
 * classes with facts of their own, so NetBox's bases with none (PrimaryModel, NetBoxModel, …) and
 * tree parents (TreeForeignKey) come from the supplement (supplement.yaml).
 */
import type { Extract, ModelFacts, RelationFacts, RuleFacts, UniqueFacts } from './types.ts';

export interface ResolvedModel {
  relations: Record<string, RelationFacts & { declaredBy: string }>;
  unique: UniqueFacts[];
  rules: (RuleFacts & { declaredBy: string })[];
  /** Bases named that neither models.md nor the supplement describes (Django's and mptt's are not NetBox's). */
  unknownBases: string[];
}

/** Classes outside NetBox: they hold no facts the check compares. */
const FOREIGN = new Set(['models.Model', 'MPTTModel', 'AbstractBaseUser', 'PermissionsMixin', 'ContentType', 'GenericTaggedItemBase', 'TagBase']);

/** Where a base named by a model of `app` is described: its own app first, then NetBox's core, then any app. */
export function baseKey(models: Extract['models'], app: string, name: string): string | undefined {
  if (`${app}.${name}` in models) return `${app}.${name}`;
  if (`netbox.${name}` in models) return `netbox.${name}`;
  return Object.keys(models).sort().find((k) => k.endsWith(`.${name}`));
}

export function resolveModel(models: Extract['models'], key: string): ResolvedModel | undefined {
  if (!(key in models)) return undefined;
  const out: ResolvedModel = { relations: {}, unique: [], rules: [], unknownBases: [] };
  const seen = new Set<string>();
  let uniqueFrom: string | undefined;
  // Depth-first over the bases, nearest first: Python's MRO for these single-rooted mixins.
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const m: ModelFacts = models[k]!;
    for (const [name, relation] of Object.entries(m.relations)) if (!(name in out.relations)) out.relations[name] = { ...relation, declaredBy: k };
    if (!uniqueFrom && m.unique.length) {
      uniqueFrom = k;
      out.unique = m.unique;
    }
    for (const rule of m.rules) if (!out.rules.some((r) => r.message === rule.message && r.field === rule.field)) out.rules.push({ ...rule, declaredBy: k });
    const app = k.split('.')[0]!;
    for (const base of m.bases) {
      if (FOREIGN.has(base)) continue;
      const found = baseKey(models, app, base);
      if (found) visit(found);
      else if (!out.unknownBases.includes(base)) out.unknownBases.push(base);
    }
  };
  visit(key);
  return out;
}
