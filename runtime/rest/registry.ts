/**
 * @module
 * Indexes the generated resource table once at boot: resources by key and by URL, fields by name,
 * choice labels, and which relations point at each resource (for protected deletes and counts).
 */
import type { ChoiceSet, Field, LinkTable, Resource } from './model.ts';

export interface ResourceIndex {
  resource: Resource;
  fields: Map<string, Field>;
  /** Fields of other resources that reference this one with `on_delete: protect`. */
  protectedBy: { resource: Resource; field: Field }[];
  /** Generic relations of other resources that may point at this one. */
  genericReferrers: { resource: Resource; field: Field }[];
}

export class Registry {
  readonly byKey = new Map<string, ResourceIndex>();
  readonly byUrl = new Map<string, ResourceIndex>();
  /** By object type (`dcim.site`), for generic relations. */
  readonly byObjectType = new Map<string, ResourceIndex>();
  readonly choices = new Map<string, Map<string | number, string>>();
  readonly choiceValues = new Map<string, (string | number)[]>();
  /** The link table every `tags` field shares (`object_type`, `object_id`, `tag_id`), from the generated tables. */
  readonly tagLink: { table: string; objectId: string; tagId: string };

  constructor(
    readonly resources: Resource[],
    choiceSets: ChoiceSet[],
    readonly linkTables: LinkTable[],
  ) {
    for (const set of choiceSets) {
      this.choices.set(set.name, new Map(set.choices.map((c) => [c.value, c.label])));
      this.choiceValues.set(set.name, set.choices.map((c) => c.value));
    }
    for (const resource of resources) {
      const index: ResourceIndex = { resource, fields: new Map(resource.fields.map((f) => [f.name, f])), protectedBy: [], genericReferrers: [] };
      this.byKey.set(resource.key, index);
      this.byObjectType.set(resource.objectType, index);
      this.byUrl.set(`${resource.app}/${resource.path}`, index);
    }
    const tags = resources.flatMap((r) => r.fields).find((f) => f.kind === 'tags')?.link;
    this.tagLink = { table: tags?.table ?? 'extras_tagged_item', objectId: tags?.source ?? 'object_id', tagId: tags?.target ?? 'tag_id' };
    for (const resource of resources) {
      for (const field of resource.fields) {
        if (field.kind === 'fk' && field.onDelete === 'protect' && field.target) this.byKey.get(field.target)?.protectedBy.push({ resource, field });
        if (field.kind === 'generic_fk') for (const target of field.generic!.targets) this.byKey.get(target)?.genericReferrers.push({ resource, field });
      }
    }
  }

  get(key: string): ResourceIndex {
    const index = this.byKey.get(key);
    if (!index) throw new Error(`unknown resource ${key}`);
    return index;
  }

  choiceLabel(set: string, value: string | number): string {
    return this.choices.get(set)?.get(value) ?? '';
  }

  /** Choice labels of one resource's fields, as `display` formatters want them. */
  labelsOf(resource: Resource): (field: string, value: unknown) => string {
    const fields = this.get(resource.key).fields;
    return (name, value) => {
      const set = fields.get(name)?.choiceSet;
      return set ? this.choiceLabel(set, value as string | number) : String(value ?? '');
    };
  }
}
