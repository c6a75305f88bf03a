/**
 * @module
 * A model-like view of an object for templates (`device`, `virtualmachine`): its API representation
 * (as a GET shows it, with `config_context`, related objects nested in their brief form) cut down
 * to the fields the templates name unless they reach fields by computed names (fieldChoice.ts), plus the
 * related-object managers NetBox templates call — `device.interfaces.all()`,
 * `iface.ip_addresses.all()`, `.count()`, `.first()` — for the relations that point at it: a
 * foreign key (`Interface.device`) or a generic one (`IPAddress.assigned_object`). A relation is
 * named as Django names it (the model's name with `s`: `consoleports`, `interfaces`) and by its
 * URL (`console_ports`, `ip_addresses`, `virtual_disks`). A model's relations to itself are not
 * served (NetBox names them apart: `bridge_interfaces`, `child_interfaces`; the API form's
 * `bridge_interfaces` field lists the first as brief objects).
 *
 * Only the relations a template's source names are read (a word match over the template and its
 * includes), two levels deep (the object's, and theirs), with the fields the templates name. The
 * ids of every relation, at both levels, come by one statement, read while the object is rendered;
 * then each relation's objects are rendered side by side: a view is two round trips, whatever it
 * reads. Related objects' own relations (`iface.device.site.region`) are their brief forms, not
 * full objects: a difference from NetBox, where every attribute is a live model.
 */
import type { Resource } from '../../../contract/index.ts';
import type { Queryable } from '../../../db/index.ts';
import type { OperationArgs, Registry } from '../../../rest/index.ts';
import { RELATED } from '../rendering/index.ts';
import { fieldChoice, fieldsQuery } from './fieldChoice.ts';

type Row = Record<string, unknown>;

/** How many levels of related managers are read below the object. */
const DEPTH = 2;

interface Relation {
  names: string[];
  source: Resource;
  /** The SQL condition on the related table (alias `r`) given `ids`, an SQL array of the objects' ids. */
  condition(ids: string): string;
  /** Column holding the object's id, to group the related rows by. */
  owner: string;
}

/** The relations pointing at `resource`, with the names a template may call them by. */
function relationsTo(registry: Registry, resource: Resource): Relation[] {
  const out: Relation[] = [];
  for (const relation of registry.get(resource.key).referrers) {
    // A model's relation to itself has a name of its own in NetBox (an interface's `bridge_interfaces`,
    // `child_interfaces`, `member_interfaces`), which the registry does not know: not served.
    if ((relation.kind !== 'fk' && relation.kind !== 'generic') || relation.resource === resource.key) continue;
    const source = registry.resource(relation.resource);
    const names = [...new Set([`${source.model.toLowerCase()}s`, source.path.replace(/-/g, '_')])];
    const field = registry.field(source, relation.field);
    if (!field) continue;
    if (relation.kind === 'fk') {
      if (!field.column) continue;
      out.push({ names, source, condition: (ids) => `r."${field.column}" = ANY(${ids})`, owner: field.column });
    } else {
      const generic = field.generic;
      const typeColumn = generic && registry.field(source, generic.typeField)?.column;
      const idColumn = generic && registry.field(source, generic.idField)?.column;
      if (!typeColumn || !idColumn) continue;
      out.push({ names, source, condition: (ids) => `r."${typeColumn}" = '${resource.objectType}' AND r."${idColumn}" = ANY(${ids})`, owner: idColumn });
    }
  }
  return out;
}

/** `ORDER BY` of a related list: the resource's ordering where it names plain columns, then id. */
function orderOf(registry: Registry, resource: Resource): string {
  const terms: string[] = [];
  for (const term of resource.ordering) {
    const column = registry.field(resource, term.replace(/^-/, ''))?.column;
    if (column) terms.push(`r."${column}"${term.startsWith('-') ? ' DESC' : ''}`);
  }
  return [...terms, 'r.id'].join(', ');
}

/** A relation the templates name, read for the objects of `parent` (-1: the viewed objects), as CTE `n<index>`. */
interface Node {
  relation: Relation;
  names: string[];
  parent: number;
}

/** The relations the templates mention, `depth` levels below `resource`, parents before children. */
function plan(registry: Registry, resource: Resource, mentioned: (name: string) => boolean, depth: number, parent = -1, nodes: Node[] = []): Node[] {
  if (depth <= 0) return nodes;
  // A name is taken by the first relation that has it.
  const claimed = new Set<string>();
  for (const relation of relationsTo(registry, resource)) {
    const names = relation.names.filter((name) => mentioned(name) && !claimed.has(name));
    if (!names.length) continue;
    for (const name of names) claimed.add(name);
    nodes.push({ relation, names, parent });
    plan(registry, relation.source, mentioned, depth - 1, nodes.length - 1, nodes);
  }
  return nodes;
}

/**
 * The ids and owners of every node's related rows, in each relation's order, by one statement:
 * a CTE per node whose condition takes its parent's ids (`$1` for the viewed objects).
 */
async function relatedIds(registry: Registry, db: Queryable, ids: number[], nodes: Node[]): Promise<{ id: number; owner: number }[][]> {
  const ctes = nodes.map(({ relation, parent }, i) => {
    const within = parent < 0 ? '$1::bigint[]' : `ARRAY(SELECT id FROM "n${parent}")`;
    return `"n${i}" AS (SELECT r.id, r."${relation.owner}" AS owner, row_number() OVER (ORDER BY ${orderOf(registry, relation.source)}) AS n FROM "${relation.source.table}" r WHERE ${relation.condition(within)})`;
  });
  const lists = nodes.map((_, i) => `(SELECT coalesce(json_agg(json_build_array(id, owner) ORDER BY n), '[]') FROM "n${i}") AS "n${i}"`);
  const [row] = await db.query<Row>(`WITH ${ctes.join(', ')} SELECT ${lists.join(', ')}`, [ids]);
  return nodes.map((_, i) => {
    const list = row[`n${i}`];
    return (typeof list === 'string' ? JSON.parse(list) : list as [number, number][]).map(([id, owner]: [number, number]) => ({ id: Number(id), owner: Number(owner) }));
  });
}

/**
 * The objects as templates see them, in the order of `ids`; `sources` are the template texts,
 * whose words decide what is read (fieldChoice.ts); `always` are fields given whatever the
 * templates name.
 */
export async function objectsView(args: OperationArgs, db: Queryable, resource: Resource, ids: number[], sources: string[], always: readonly string[] = []): Promise<Row[]> {
  const { registry } = args.rest;
  const choice = fieldChoice(sources);
  const render = (target: Resource, targetIds: number[], extra: readonly string[] = []): Promise<Row[]> =>
    targetIds.length ? args.rest.render(db, target, targetIds, args.ctx, fieldsQuery(target, choice, extra), 'GET').then((r) => r.bodies) : Promise.resolve([]);
  const nodes = ids.length ? plan(registry, resource, (name) => choice.words.has(name), DEPTH) : [];
  // The objects are rendered while the related ids are read; each related list as soon as they are.
  const objects = render(resource, ids, always);
  objects.catch(() => {});
  const related = nodes.length ? await relatedIds(registry, db, ids, nodes) : [];
  const bodies = await Promise.all([objects, ...nodes.map((node, i) => render(node.relation.source, related[i].map((r) => r.id)))]);
  // Children first, so that a list holds its own managers before it is attached to its owners.
  for (let i = nodes.length - 1; i >= 0; i--) {
    const { names, parent } = nodes[i];
    const byOwner = new Map<number, Row[]>();
    bodies[i + 1].forEach((body, j) => {
      const owner = related[i][j].owner;
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), body]);
    });
    const owners = bodies[parent + 1];
    for (const name of names) {
      // A field of the same name (the template names it too) wins over the manager.
      if (owners.some((o) => name in o)) continue;
      for (const owner of owners) owner[name] = { [RELATED]: byOwner.get(Number(owner.id)) ?? [] };
    }
  }
  return bodies[0];
}

/** One object as templates see it. */
export async function objectView(args: OperationArgs, db: Queryable, resource: Resource, id: number, sources: string[], always: readonly string[] = []): Promise<Row> {
  return (await objectsView(args, db, resource, [id], sources, always))[0];
}
