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
 * includes), two levels deep (the object's, and theirs): each is one query for the ids and one to
 * render them (with the fields the templates name, as the object). A level's ids are read as soon
 * as the level above has its ids, beside that level's rendering: the statements of the whole view
 * wait on each other only as far as they must. Related objects' own relations (`iface.device.site.region`) are their brief forms,
 * not full objects: a difference from NetBox, where every attribute is a live model.
 */
import type { Resource } from '../../../contract/index.ts';
import type { Queryable } from '../../../db/index.ts';
import type { OperationArgs, Registry } from '../../../rest/index.ts';
import { RELATED } from '../rendering/index.ts';
import { fieldChoice, fieldsQuery, type FieldChoice } from './fieldChoice.ts';

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
    // A model's relation to itself has a name of its own in NetBox (an interface's `bridge_interfaces`,
    // `child_interfaces`, `member_interfaces`), which the registry does not know: not served.
    if ((relation.kind !== 'fk' && relation.kind !== 'generic') || relation.resource === resource.key) continue;
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

/** What a view reads: the relation names the templates mention, and the fields they name (fieldChoice.ts). */
interface ViewPlan {
  mentioned(name: string): boolean;
  choice: FieldChoice;
}

/**
 * The managers the template names on `objects` (all of `resource`, ids `ids`), `depth` levels
 * down: attached to each object once `objects` resolves. The related rows' ids are read at once,
 * beside the objects' own rendering, and each level's rendering beside the next level's ids: the
 * statements of a level wait for the ids of the one above, not for its rendering.
 */
async function addManagers(args: OperationArgs, db: Queryable, resource: Resource, ids: number[], objects: Promise<Row[]>, plan: ViewPlan, depth: number): Promise<void> {
  if (!ids.length || depth <= 0) {
    await objects;
    return;
  }
  const { registry } = args.rest;
  // A name is taken by the first relation that has it (and never by one a field of the objects already has).
  const claimed = new Set<string>();
  const reads = relationsTo(registry, resource).flatMap((relation) => {
    const names = relation.names.filter((name) => plan.mentioned(name) && !claimed.has(name));
    if (!names.length) return [];
    for (const name of names) claimed.add(name);
    return [{ relation, names, rows: db.query<{ id: number; owner: number }>(
      `SELECT r.id, r."${relation.owner}" AS owner FROM "${relation.source.table}" r WHERE ${relation.condition} ORDER BY ${orderOf(registry, relation.source)}`,
      [ids],
    ) }];
  });
  const related = reads.map(async ({ relation, names, rows: pending }) => {
    const rows = await pending;
    const relatedIds = rows.map((r) => Number(r.id));
    const bodies = relatedIds.length ? args.rest.render(db, relation.source, relatedIds, args.ctx, fieldsQuery(relation.source, plan.choice), 'GET').then((r) => r.bodies) : Promise.resolve([]);
    await addManagers(args, db, relation.source, relatedIds, bodies, plan, depth - 1);
    const byOwner = new Map<number, Row[]>();
    (await bodies).forEach((body, i) => {
      const owner = Number(rows[i].owner);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), body]);
    });
    return { names, byOwner };
  });
  const [rendered, ...managers] = await Promise.all([objects, ...related]);
  for (const { names, byOwner } of managers) {
    for (const name of names) {
      if (rendered.some((o) => name in o)) continue;
      for (const object of rendered) object[name] = { [RELATED]: byOwner.get(Number(object.id)) ?? [] };
    }
  }
}

/**
 * The objects as templates see them, in the order of `ids`; `sources` are the template texts,
 * whose words decide what is read (fieldChoice.ts); `always` are fields given whatever the
 * templates name.
 */
export async function objectsView(args: OperationArgs, db: Queryable, resource: Resource, ids: number[], sources: string[], always: readonly string[] = []): Promise<Row[]> {
  const choice = fieldChoice(sources);
  const plan: ViewPlan = { mentioned: (name) => choice.words.has(name), choice };
  const objects = args.rest.render(db, resource, ids, args.ctx, fieldsQuery(resource, choice, always), 'GET').then((r) => r.bodies);
  // Every statement is under way before any is awaited; one that fails is reported once all have settled.
  objects.catch(() => {});
  await addManagers(args, db, resource, ids, objects, plan, DEPTH);
  return objects;
}

/** One object as templates see it. */
export async function objectView(args: OperationArgs, db: Queryable, resource: Resource, id: number, sources: string[], always: readonly string[] = []): Promise<Row> {
  return (await objectsView(args, db, resource, [id], sources, always))[0];
}
