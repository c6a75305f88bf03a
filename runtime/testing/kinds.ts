/**
 * @module
 * Fakes for unit tests of field and filter kinds (runtime/kinds/): small hand-made resources, a
 * catalog over them, and recording stand-ins for the contexts the engine gives kinds — the SQL
 * builder (SelectContext), the serialiser (SerializeContext), a staged item and its StageContext,
 * and a FilterQuery that records `where`/`mustExist`/`error` calls. They depend only on the
 * contract and the kinds, so kind tests need no database and no generated table.
 */
import type { z } from 'zod';
import { TAG_LINK, type FieldEntry, type FilterEntry, type Resource, type ResourceEntry } from '../contract/index.ts';
import {
  expandField,
  expandFilter,
  fieldKind,
  HEAD_FIELDS,
  type Catalog,
  type OpenApiContext,
  type FilterQuery,
  type Op,
  type RelationRef,
  type Resolved,
  type SelectContext,
  type SerializeContext,
  type StageContext,
  type StagedItem,
  type WhereOptions,
} from '../kinds/index.ts';

type ChoiceSets = Record<string, [string | number, string][]>;

/**
 * A resource for kind tests: `key` is `<app>.<path>`; the four head fields come first, then
 * `fields` (compact entries, expanded as the runtime expands them).
 */
export function fakeResource(key: string, fields: FieldEntry[] = [], extra: Partial<Omit<ResourceEntry, 'fields' | 'filters'>> & { filters?: FilterEntry[]; tree?: boolean } = {}): Resource {
  const [app, path] = key.split('.');
  const model = path.replace(/-/g, '').replace(/s$/, '');
  const { filters, ...rest } = extra;
  return {
    key,
    app,
    path,
    model: model.charAt(0).toUpperCase() + model.slice(1),
    verboseName: path.replace(/-/g, ' ').replace(/s$/, ''),
    objectType: `${app}.${model}`,
    table: `${app}_${path.replace(/-/g, '_').replace(/s$/, '')}`,
    uiPath: `${app}/${path}`,
    display: '{name}',
    brief: ['id', 'url', 'display', 'name'],
    nested: ['id', 'url', 'display', 'name'],
    ordering: ['name'],
    unique: [],
    search: [],
    tree: false,
    changeLogged: false,
    routes: 'full',
    operations: [],
    ...rest,
    fields: [...HEAD_FIELDS, ...fields].map(expandField),
    filters: (filters ?? []).map(expandFilter),
  };
}

/** The field named `name` of a resource (throws when there is none, so a typo fails the test). */
export function fieldOf(resource: Resource, name: string) {
  const field = resource.fields.find((f) => f.name === name);
  if (!field) throw new Error(`${resource.key} has no field ${name}`);
  return field;
}

export function fakeCatalog(resources: Resource[], choiceSets: ChoiceSets = {}): Catalog {
  const byKey = new Map(resources.map((r) => [r.key, r]));
  return {
    resource(key) {
      const r = byKey.get(key);
      if (!r) throw new Error(`unknown resource ${key}`);
      return r;
    },
    choiceSet(name) {
      const set = choiceSets[name];
      if (!set) throw new Error(`unknown choice set ${name}`);
      return set;
    },
  };
}

/** An OpenApiContext whose embedded schemas are references named after the target (and the fields shown). */
export function fakeOpenApiContext(catalog: Catalog): OpenApiContext {
  return {
    ...catalog,
    embedded: (target, shows) => ({ $ref: `#/embedded/${target}${shows ? `/${shows.join('|')}` : ''}` }),
    choiceValues: (set) => (catalog.choiceSet(set), { $ref: `#/components/schemas/${set}` }),
  };
}

/**
 * A SelectContext whose pieces print as readable markers: `a1.“col”` for a column,
 * `NESTED(target, idSql[, shows])` (also for `reference`, which only differs in where the SQL
 * goes), `LIST(target n join)`, `DISPLAY(key, alias)`, `EXPR(name, alias)`.
 */
export function fakeSelectContext(catalog: Catalog): SelectContext {
  let aliases = 0;
  const value: SelectContext['value'] = (_resource, field, alias) => (field.expression ? `EXPR(${field.expression}, ${alias})` : `${alias}."${field.column}"`);
  return {
    ...catalog,
    depth: 0,
    alias: () => `a${++aliases}`,
    value,
    heldReference(resource, name, alias) {
      const held = fieldKind(fieldOf(resource, name).kind).relation!.held!(fieldOf(resource, name));
      const type = held.type ? value(resource, fieldOf(resource, held.type), alias) : undefined;
      return { id: value(resource, fieldOf(resource, held.id), alias), ...(type ? { type } : {}) };
    },
    nested: (target, idSql, shows) => `NESTED(${target}, ${idSql}${shows ? `, ${shows.join('|')}` : ''})`,
    reference: (target, idSql, shows) => `NESTED(${target}, ${idSql}${shows ? `, ${shows.join('|')}` : ''})`,
    nestedList: (target, n, join) => `LIST(${target} ${n} ${join})`,
    display: (resource, alias) => `DISPLAY(${resource.key}, ${alias})`,
    expression: (name, _resource, alias) => `EXPR(${name}, ${alias})`,
    tagLink: TAG_LINK,
  };
}

/** A SerializeContext with URLs on `http://nb.test`, labels from the catalog's choice sets, and nested rows marked with their target. */
export function fakeSerializeContext(catalog: Catalog, resources: Resource[] = []): SerializeContext {
  return {
    ...catalog,
    url: (resource, id) => `http://nb.test/api/${resource.app}/${resource.path}/${id}/`,
    uiUrl: (resource, id) => `http://nb.test/${resource.uiPath}/${id}/`,
    mediaUrl: (path) => `http://nb.test/media/${path}`,
    choiceLabel: (set, value) => catalog.choiceSet(set).find(([v]) => String(v) === String(value))?.[1] ?? '',
    nested: (target, row, shows) => (row ? { nested: target, ...row, ...(shows ? { shows } : {}) } : null),
    byObjectType: (objectType) => resources.find((r) => r.objectType === objectType),
  };
}

/** A staged item that records what kinds put into it. */
export class FakeItem implements StagedItem {
  readonly columns: Record<string, unknown> = {};
  readonly links = new Map<string, number[]>();
  readonly tags: StagedItem['tags'] = {};
  readonly extras = new Map<string, unknown>();
  readonly errors: Record<string, string[] | Record<string, string>> = {};
  constructor(readonly creating = true) {}
  error(field: string, message: string): void {
    const current = this.errors[field];
    if (Array.isArray(current)) current.push(message);
    else this.errors[field] = [message];
  }
  errorDetail(field: string, key: string, message: string): void {
    const current = this.errors[field];
    (current && !Array.isArray(current) ? current : (this.errors[field] = {}))[key] = message;
  }
}

/**
 * A StageContext resolving references with `resolve` (default: a number resolves to itself, a
 * dict of attributes to NetBox's not-found message); passwords are "hashed" as `hashed:<text>`.
 */
export function fakeStageContext(catalog: Catalog, resolve?: (target: string, ref: RelationRef) => Resolved): StageContext {
  return {
    ...catalog,
    resolved: resolve ?? ((_t, ref) => (typeof ref === 'number' ? { id: ref } : { error: `Related object not found using the provided attributes: ${JSON.stringify(ref)}` })),
    hashPassword: async (password) => `hashed:${password}`,
  };
}

/** The outcome of a kind's validator: the parsed value, or the messages (under their item index for lists). */
export function parse(validator: z.ZodType, value: unknown): { value: unknown } | { errors: (string | [string, string])[] } {
  const result = validator.safeParse(value);
  if (result.success) return { value: result.data };
  return { errors: result.error.issues.map((issue) => (issue.path.length ? [String(issue.path[0]), issue.message] : issue.message)) };
}

export interface WhereCall {
  path: string;
  op: Op;
  values: unknown[];
  options: WhereOptions;
}

/**
 * A FilterQuery that records what a filter kind asks for. `where` returns a marker
 * `W<n>[path op values]` (numbered in call order) so a test can read how the kind combined them.
 */
export class FakeFilterQuery implements FilterQuery {
  readonly wheres: WhereCall[] = [];
  readonly existence: { path: string; values: string[] }[] = [];
  readonly errors: string[] = [];
  readonly methods: { name: string; lookup: string; values: string[]; parsed: unknown[] }[] = [];

  constructor(
    readonly listed: Resource,
    private readonly catalog: Catalog,
    readonly parameter = 'param',
    private readonly objectTypes: Record<number, string> = {},
  ) {}

  resource(key: string) {
    return this.catalog.resource(key);
  }

  choiceSet(name: string) {
    return this.catalog.choiceSet(name);
  }

  error(message: string): null {
    this.errors.push(message);
    return null;
  }

  where(path: string, op: Op, values: unknown[], options: WhereOptions = {}): string {
    this.wheres.push({ path, op, values, options });
    const flags = Object.entries(options)
      .filter(([, v]) => v !== undefined && v !== false)
      .map(([k, v]) => (v === true ? k : `${k}=${v}`));
    return `W${this.wheres.length}[${path} ${op} ${values.map(String).join(',')}${flags.length ? ` ${flags.join(' ')}` : ''}]`;
  }

  fieldAt(path: string) {
    let current = this.listed;
    const segments = path.split('__');
    for (const [i, segment] of segments.entries()) {
      if (segment === 'id' && i === segments.length - 1) return { resource: current, field: null };
      const field = current.fields.find((f) => f.name === segment);
      if (!field) throw new Error(`${current.key} has no field ${segment}`);
      if (i === segments.length - 1) return { resource: current, field };
      current = this.catalog.resource(field.target!);
    }
    throw new Error('empty path');
  }

  mustExist(path: string, values: string[]): void {
    if (values.length) this.existence.push({ path, values });
  }

  objectTypeById(id: number): string | undefined {
    return this.objectTypes[id];
  }

  method(name: string, lookup: string, values: string[], parsed: unknown[]): string | null {
    this.methods.push({ name, lookup, values, parsed });
    return `METHOD(${name} ${lookup} ${values.join(',')})`;
  }
}
