/**
 * @module
 * The generated table, indexed once at boot: resources by key, URL and object type, fields by
 * name, choice labels, and the relations pointing at each resource (what the delete collector
 * walks). It is also the kinds' Catalog.
 */
import { readFileSync } from 'node:fs';
import type { ConstraintMeaning, Field, GenericLookup, InventoryTable, RelationEntry, Resource } from '../contract/index.ts';
import { INVENTORY_TABLE_FORMAT, TAG_LINK } from '../contract/index.ts';
import { expandTable, objectTypeId, type Catalog } from '../kinds/index.ts';

export interface ResourceIndex {
  resource: Resource;
  fields: Map<string, Field>;
  /** Relations of other resources (and this one) that may point at this resource. */
  referrers: RelationEntry[];
}

/** Where `npm run generate` writes the table and the meaning of every constraint. */
export const RESOURCE_TABLE = new URL('../../generated/inventory/resources.json', import.meta.url);
export const CONSTRAINTS = new URL('../../generated/inventory/constraints.json', import.meta.url);

export class Registry implements Catalog {
  readonly resources: Resource[];
  readonly byKey = new Map<string, ResourceIndex>();
  readonly byUrl = new Map<string, ResourceIndex>();
  readonly byObjectType = new Map<string, ResourceIndex>();
  /** Object types by id (runtime/kinds/objectTypes.ts). */
  readonly objectTypeById = new Map<number, string>();
  readonly apps: InventoryTable['apps'];
  readonly relations: RelationEntry[];
  readonly tagLink = TAG_LINK;
  private readonly labels = new Map<string, Map<string, string>>();

  constructor(
    private readonly table: InventoryTable,
    /** What each unique index and foreign key protects, by name. */
    readonly constraints: Record<string, ConstraintMeaning> = {},
  ) {
    if (table.format !== INVENTORY_TABLE_FORMAT) throw new Error(`the resource table has format ${table.format}; this runtime reads ${INVENTORY_TABLE_FORMAT} (run npm run generate)`);
    this.apps = table.apps;
    this.relations = table.relations;
    this.resources = expandTable(table);
    for (const [name, pairs] of Object.entries(table.choiceSets)) this.labels.set(name, new Map(pairs.map(([value, label]) => [String(value), label])));
    for (const resource of this.resources) {
      const index: ResourceIndex = { resource, fields: new Map(resource.fields.map((f) => [f.name, f])), referrers: [] };
      this.byKey.set(resource.key, index);
      this.byObjectType.set(resource.objectType, index);
      this.objectTypeById.set(objectTypeId(resource.objectType), resource.objectType);
      this.byUrl.set(`${resource.app}/${resource.path}`, index);
    }
    for (const relation of table.relations) for (const target of relation.targets) this.byKey.get(target)?.referrers.push(relation);
  }

  /** Reads the generated table and constraints (`generated/inventory/resources.json`, `constraints.json`). */
  static load(path: URL | string = RESOURCE_TABLE, constraints: URL | string = CONSTRAINTS): Registry {
    return new Registry(JSON.parse(readFileSync(path, 'utf8')) as InventoryTable, JSON.parse(readFileSync(constraints, 'utf8')) as Record<string, ConstraintMeaning>);
  }

  get(key: string): ResourceIndex {
    const index = this.byKey.get(key);
    if (!index) throw new Error(`unknown resource ${key}`);
    return index;
  }

  resource(key: string): Resource {
    return this.get(key).resource;
  }

  field(resource: Resource, name: string): Field | undefined {
    return this.byKey.get(resource.key)?.fields.get(name);
  }
  /** The generic relations of `resource` and object types by key: what its generic former names need (runtime/contract/legacyNames.ts). */
  legacyGenerics(resource: Resource): GenericLookup {
    return { relation: (name) => this.field(resource, name)?.generic, objectType: (key) => this.resource(key).objectType };
  }


  choiceSet(name: string): readonly [string | number, string][] {
    const set = this.table.choiceSets[name];
    if (!set) throw new Error(`unknown choice set ${name}`);
    return set;
  }

  choiceLabel(set: string, value: unknown): string {
    return this.labels.get(set)?.get(String(value)) ?? '';
  }
}
