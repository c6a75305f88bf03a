/**
 * @module
 * Generic relations over a feature: `targets: { feature: journaling }` names every resource built
 * on that mixin, directly or through another (`primary` brings `netbox-model`, which brings
 * `journaling`), as NetBox's `ObjectType.objects.with_feature(…)` does; `targets: any` names every
 * resource (a ContentTypeField over every content type). Resolved to a sorted list
 * once every resource's mixins are merged, before any field is built, so the rest of the
 * generator only ever sees listed targets.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { PathKey, YamlSource } from '../../load/yamlSource.ts';
import type { MixinDefinition, ResourceDefinition } from '../../validate/definitionSchema.ts';
import type { MergedModel } from './mergeMixins.ts';
import { didYouMean } from '../../suggest.ts';

export interface MergedResource {
  key: string;
  definition: ResourceDefinition;
  merged: MergedModel;
  source: YamlSource;
  at: PathKey[];
}

/** Replaces each `{ feature }` target form with the keys of the resources having that mixin. */
export function resolveFeatureTargets(resources: MergedResource[], mixins: Record<string, MixinDefinition>, out: Diagnostic[]): void {
  // A model recorded without the change-logged mixin's stamps (`change_records`) has that feature all the same:
  // its change records point at it.
  const recordedFeature = (feature: string) => !!mixins[feature]?.change_logged;
  const having = (feature: string) => resources.filter((r) => r.merged.mixins.includes(feature) || (r.definition.change_records && recordedFeature(feature))).map((r) => r.key).sort();
  for (const { key, definition, merged, source, at } of resources) {
    merged.fields = merged.fields.map(([name, def]) => {
      if (!def.targets || Array.isArray(def.targets)) return [name, def];
      // `any`: every served resource (a ContentTypeField over every content type).
      if (def.targets === 'any') return [name, { ...def, targets: resources.map((r) => r.key).sort() }];
      const { feature } = def.targets;
      const where: PathKey[] = definition.fields?.[name] ? [...at, 'fields', name, 'targets', 'feature'] : [...at, 'mixins'];
      if (!mixins[feature]) out.push(source.diagnostic(where, 'E_UNKNOWN_MIXIN', `${key}.${name}: unknown feature "${feature}" (a feature is a mixin name)${didYouMean(feature, Object.keys(mixins))}`));
      const targets = having(feature);
      if (mixins[feature] && !targets.length) out.push(source.diagnostic(where, 'E_UNKNOWN_TARGET', `${key}.${name}: no resource has feature "${feature}"`));
      return [name, { ...def, targets }];
    });
  }
}
