/**
 * @module
 * A model-like view of an object for templates (`device`, `virtualmachine`): its API representation
 * (as a GET shows it, with `config_context`, related objects nested in their brief form), plus the
 * related-object managers NetBox templates call — `device.interfaces.all()`,
 * `iface.ip_addresses.all()`, `.count()`, `.first()` — for the relations that point at it: a
 * foreign key (`Interface.device`) or a generic one (`IPAddress.assigned_object`). A relation is
 * named as Django names it (the model's name with `s`: `consoleports`, `interfaces`) and by its
 * URL (`console_ports`, `ip_addresses`, `virtual_disks`).
 *
 * Only the relations a template's source names are read (a word match over the template and its
 * includes), two levels deep (the object's, and theirs): each is one query for the ids and one to
 * render them. Related objects' own relations (`iface.device.site.region`) are their brief forms,
 * not full objects: a difference from NetBox, where every attribute is a live model.
 */
import type { Resource } from '../../../contract/index.ts';
import type { Queryable } from '../../../db/index.ts';
import type { OperationArgs, Registry } from '../../../rest/index.ts';
import { RELATED } from '../rendering/index.ts';

type Row = Record<string, unknown>;

/** How many levels of related managers are read below the object. */
const DEPTH = 2;

interface Relation {
  names: string[];
  source: Resource;
  /** The SQL condition on the related table (alias `r`) given `$1`, the ids of the objects. */
  condition: string;
  /** Column holding the object's id, to group the related rows by. */
  owner: string;
}

/** The relations pointing at `resource`, with the names a template may call them by. */
function relationsTo(registry: Registry, resource: Resource): Relation[] {
  const out: Relation[] = [];
  for (const relation of registry.get(resource.key).referrers) {
    if (relation.kind !== 'fk' && relation.kind !== 'generic') continue;
    const source = registry.resource(relation.resource);
    const names = [...new Set([`${source.model.toLowerCase()}s`, source.path.replace(/-/g, '_')])];
    const field = registry.field(source, relation.field);
    if (!field) continue;
    if (relation.kind === 'fk') {
      if (!field.column) continue;
      out.push({ names, source, condition: `r."${field.column}" = ANY($1::bigint[])`, owner: field.column });
    } else {
      const generic = field.generic;
      const typeColumn = generic && registry.field(source, generic.typeField)?.column;
      const idColumn = generic && registry.field(source, generic.idField)?.column;
      if (!typeColumn || !idColumn) continue;
      out.push({ names, source, condition: `r."${typeColumn}" = '${resource.objectType}' AND r."${idColumn}" = ANY($1::bigint[])`, owner: idColumn });
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

/** Adds the managers the template names to `objects` (all of `resource`), `depth` levels down. */
async function addManagers(args: OperationArgs, db: Queryable, resource: Resource, objects: Row[], mentioned: (name: string) => boolean, depth: number): Promise<void> {
  if (!objects.length || depth <= 0) return;
  const { registry } = args.rest;
  const ids = objects.map((o) => Number(o.id));
  for (const relation of relationsTo(registry, resource)) {
    const names = relation.names.filter((name) => mentioned(name) && objects.every((o) => !(name in o)));
    if (!names.length) continue;
    const rows = await db.query<{ id: number; owner: number }>(
      `SELECT r.id, r."${relation.owner}" AS owner FROM "${relation.source.table}" r WHERE ${relation.condition} ORDER BY ${orderOf(registry, relation.source)}`,
      [ids],
    );
    const { bodies } = await args.rest.render(db, relation.source, rows.map((r) => Number(r.id)), args.ctx, new URLSearchParams(), 'GET');
    await addManagers(args, db, relation.source, bodies, mentioned, depth - 1);
    const byOwner = new Map<number, Row[]>();
    bodies.forEach((body, i) => {
      const owner = Number(rows[i].owner);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), body]);
    });
    for (const object of objects) for (const name of names) object[name] = { [RELATED]: byOwner.get(Number(object.id)) ?? [] };
  }
}

/** The objects as templates see them, in the order of `ids`; `sources` are the template texts, whose words decide what is read. */
export async function objectsView(args: OperationArgs, db: Queryable, resource: Resource, ids: number[], sources: string[]): Promise<Row[]> {
  const { bodies } = await args.rest.render(db, resource, ids, args.ctx, new URLSearchParams(), 'GET');
  const words = new Set(sources.join('\n').match(/\w+/g) ?? []);
  await addManagers(args, db, resource, bodies, (name) => words.has(name), DEPTH);
  return bodies;
}

/** One object as templates see it. */
export async function objectView(args: OperationArgs, db: Queryable, resource: Resource, id: number, sources: string[]): Promise<Row> {
  return (await objectsView(args, db, resource, [id], sources))[0];
}
