/**
 * @module
 * What a trace drawing shows, read for a list of trace segments in a bounded number of
 * statements: one per object type in the path (its terminations, cables, wireless links, and
 * what it ends at), one for the cables' ends, one per type of parent object (devices, circuits,
 * power panels), and one each for the devices' role colours and the circuits' type colours —
 * never one per node.
 * Each object is read through the engine's rendering (`rest.render` with only the fields used), so
 * names are the `display` the JSON trace shows (NetBox's `str()`: a device's label or
 * `<manufacturer> <model> (<id>)`, a rack's `name (facility)`, a cable's label or `#<id>`) and
 * choices come with their labels. A node whose type is not served, or whose object is gone, is
 * left out (NetBox's path_objects leaves out what it cannot find). As in NetBox, the drawing
 * shows every object of the path whatever the caller may view; the origin's permission is the
 * handler's. Object pages are `/<app>/<resource path>/<id>/`, as NetBox's get_absolute_url gives them.
 */
import type { Resource } from '../../../../contract/index.ts';
import type { OperationArgs } from '../../../../rest/index.ts';
import { TERMINATIONS } from '../../cables/terminationSql.ts';
import { PARENT_FIELDS } from '../../cables/terminationTypes.ts';
import type { Drawn, Link, ParentObject, PathNode, Termination, TraceDrawing, TraceSegment } from './types.ts';

type Body = Record<string, any>;

const CABLE = 'dcim.cable';
const WIRELESS_LINK = 'wireless.wirelesslink';
const DEVICE = 'dcim.device';
const CIRCUIT = 'circuits.circuit';
const PROVIDER_NETWORK = 'circuits.providernetwork';
const INTERFACE = 'dcim.interface';

/** The fields read of an object of `resource`, by what it is in a path. */
function fieldsFor(resource: Resource): string[] {
  const has = (name: string) => resource.fields.some((f) => f.name === name);
  switch (resource.objectType) {
    case CABLE:
      return ['id', 'display', 'status', 'type', 'description', 'color', 'length', 'length_unit'];
    case WIRELESS_LINK:
      return ['id', 'display', 'status', 'ssid', 'description', 'distance', 'distance_unit', 'interface_a', 'interface_b'];
    case DEVICE:
      return ['id', 'display', 'role', 'device_type', 'site', 'location', 'rack', 'face', 'position'];
    case CIRCUIT:
      return ['id', 'display', 'type', 'provider', 'description'];
    case PROVIDER_NETWORK:
      return ['id', 'display', 'provider'];
  }
  const parent = PARENT_FIELDS.find(has);
  if (!parent) return ['id', 'display'];
  return ['id', 'display', parent, ...['color', 'xconnect_id'].filter(has)];
}

/** The field naming a termination's parent object, and the parent's resource; null for what has none. */
function parentField(args: OperationArgs, resource: Resource): { name: string; target: Resource } | null {
  if ([CABLE, WIRELESS_LINK, DEVICE, CIRCUIT, PROVIDER_NETWORK].includes(resource.objectType)) return null;
  const field = resource.fields.find((f) => (PARENT_FIELDS as readonly string[]).includes(f.name) && f.target);
  return field ? { name: field.name, target: args.rest.registry.resource(field.target!) } : null;
}

/** Reads objects by type, one statement per type, keeping what it read. */
class Objects {
  readonly bodies = new Map<string, Map<number, Body>>();

  constructor(private readonly args: OperationArgs) {}

  resource(objectType: string): Resource | undefined {
    return this.args.rest.registry.byObjectType.get(objectType)?.resource;
  }

  /** Reads the objects of `wanted` not read yet: one statement per type. */
  async read(wanted: Map<string, Set<number>>, fields: (resource: Resource) => string[] = fieldsFor): Promise<void> {
    await Promise.all(
      [...wanted].map(async ([objectType, ids]) => {
        const resource = this.resource(objectType);
        const known = this.bodies.get(objectType) ?? new Map<number, Body>();
        const missing = [...ids].filter((id) => !known.has(id));
        if (!resource || !missing.length) return;
        const query = new URLSearchParams({ fields: fields(resource).join(',') });
        const { bodies } = await this.args.rest.render(this.args.db, resource, missing, this.args.ctx, query, 'GET');
        for (const body of bodies) known.set(Number(body.id), body);
        this.bodies.set(objectType, known);
      }),
    );
  }

  get(node: PathNode): Body | undefined {
    return this.bodies.get(node.objectType)?.get(node.id);
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The A and B ends of `cables` (from their termination rows, in NetBox's order: end, connector,
 * id), by cable id: one statement. Read from the table, not rendered: a cable's rendered ends
 * carry every terminated object in its nested form, which the drawing does not need.
 */
async function cableEnds(args: OperationArgs, cables: readonly number[]): Promise<Map<number, { A: PathNode[]; B: PathNode[] }>> {
  const ends = new Map<number, { A: PathNode[]; B: PathNode[] }>();
  if (!cables.length) return ends;
  const { registry } = args.rest;
  const resource = registry.resource(TERMINATIONS);
  const col = (field: string) => quote(registry.field(resource, field)!.column!);
  const rows = await args.db.query<{ cable: number; end: string; type: string; id: number }>(
    `SELECT ${col('cable')} AS cable, ${col('cable_end')} AS "end", ${col('termination_type')} AS type, ${col('termination_id')} AS id ` +
      `FROM ${quote(resource.table)} WHERE ${col('cable')} = ANY($1::int[]) ORDER BY ${col('cable_end')}, ${col('connector')}, id`,
    [[...cables]],
  );
  for (const row of rows) {
    const cable = Number(row.cable);
    if (!ends.has(cable)) ends.set(cable, { A: [], B: [] });
    ends.get(cable)![row.end === 'A' ? 'A' : 'B'].push({ objectType: String(row.type), id: Number(row.id) });
  }
  return ends;
}

/** `{type: ids}` of nodes. */
function byType(nodes: Iterable<PathNode>): Map<string, Set<number>> {
  const wanted = new Map<string, Set<number>>();
  for (const node of nodes) {
    if (!wanted.has(node.objectType)) wanted.set(node.objectType, new Set());
    wanted.get(node.objectType)!.add(node.id);
  }
  return wanted;
}

const label = (choice: unknown) => (choice && typeof choice === 'object' ? String((choice as Body).label ?? '') : '');
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const numberOrNull = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));
const shown = (nested: unknown) => (nested && typeof nested === 'object' ? String((nested as Body).display) : null);

/** Builds the drawing's objects from what was read. */
class Resolver {
  private readonly parents = new Map<string, ParentObject>();

  constructor(
    private readonly args: OperationArgs,
    private readonly objects: Objects,
    private readonly roleColors: Map<number, string>,
    private readonly typeColors: Map<number, string>,
    private readonly cableEnds: Map<number, { A: PathNode[]; B: PathNode[] }>,
  ) {}

  private drawn(node: PathNode, body: Body): Drawn {
    const resource = this.objects.resource(node.objectType)!;
    return { node: { objectType: node.objectType, id: node.id }, name: text(body.display), url: `/${resource.app}/${resource.path}/${node.id}/` };
  }

  /** A parent object, or what a path is attached to. */
  parent(node: PathNode): ParentObject | null {
    const key = `${node.objectType}:${node.id}`;
    const known = this.parents.get(key);
    if (known) return known;
    const body = this.objects.get(node);
    if (!body) return null;
    const base = this.drawn(node, body);
    let object: ParentObject;
    if (node.objectType === DEVICE) {
      object = {
        ...base,
        kind: 'device',
        roleColor: this.roleColors.get(Number(body.role?.id)) ?? '',
        manufacturer: text(body.device_type?.manufacturer?.name),
        model: text(body.device_type?.model),
        site: shown(body.site) ?? '',
        location: shown(body.location),
        rack: shown(body.rack),
        face: label(body.face),
        position: numberOrNull(body.position),
      };
    } else if (node.objectType === CIRCUIT) {
      object = { ...base, kind: 'circuit', type: shown(body.type) ?? '', typeColor: this.typeColors.get(Number(body.type?.id)) ?? '', provider: shown(body.provider) ?? '', description: text(body.description) };
    } else if (node.objectType === PROVIDER_NETWORK) {
      object = { ...base, kind: 'provider-network', provider: shown(body.provider) ?? '' };
    } else {
      object = { ...base, kind: 'object' };
    }
    this.parents.set(key, object);
    return object;
  }

  termination(node: PathNode): Termination | null {
    const resource = this.objects.resource(node.objectType);
    const body = this.objects.get(node);
    const field = resource && parentField(this.args, resource);
    if (!body || !field) return null;
    const parentId = Number(body[field.name]?.id);
    const parent = this.parent({ objectType: field.target.objectType, id: parentId });
    if (!parent) return null;
    return { ...this.drawn(node, body), kind: 'termination', color: text(body.color), xconnectId: text(body.xconnect_id), parent };
  }

  link(node: PathNode): Link | null {
    const body = this.objects.get(node);
    if (!body) return null;
    const base = this.drawn(node, body);
    if (node.objectType === CABLE) {
      const ends = this.cableEnds.get(node.id);
      return {
        ...base,
        kind: 'cable',
        status: label(body.status),
        type: label(body.type),
        description: text(body.description),
        color: text(body.color),
        length: numberOrNull(body.length),
        lengthUnit: label(body.length_unit),
        aEnds: ends?.A ?? [],
        bEnds: ends?.B ?? [],
      };
    }
    if (node.objectType === WIRELESS_LINK) {
      const end = (nested: unknown): PathNode[] => (nested && typeof nested === 'object' ? [{ objectType: INTERFACE, id: Number((nested as Body).id) }] : []);
      return {
        ...base,
        kind: 'wireless',
        status: label(body.status),
        ssid: text(body.ssid),
        description: text(body.description),
        distance: numberOrNull(body.distance),
        distanceUnit: label(body.distance_unit),
        aEnds: end(body.interface_a),
        bEnds: end(body.interface_b),
      };
    }
    return null;
  }

  /** A far node: a termination, else a box of its own (a site, a provider network; anything else by its name). */
  far(node: PathNode): Termination | ParentObject | null {
    const resource = this.objects.resource(node.objectType);
    if (resource && parentField(this.args, resource)) return this.termination(node);
    const body = this.objects.get(node);
    if (!body) return null;
    if ([DEVICE, CIRCUIT, PROVIDER_NETWORK].includes(node.objectType)) return this.parent(node);
    return { ...this.drawn(node, body), kind: 'object' };
  }
}

const present = <T>(value: T | null): value is T => value !== null;

/**
 * The drawing of `segments` (a trace as PathEndpoint.trace() gives it). `origin` is where the
 * trace starts; without it, the first near node.
 */
export async function loadTraceDrawing(args: OperationArgs, segments: readonly TraceSegment[], origin?: PathNode): Promise<TraceDrawing> {
  const objects = new Objects(args);
  const nodes = segments.flatMap(([near, links, far]) => [...near, ...links, ...far]);
  const [ends] = await Promise.all([cableEnds(args, [...new Set(nodes.filter((n) => n.objectType === CABLE).map((n) => n.id))]), objects.read(byType(nodes))]);

  // The terminations' parents: devices, circuits, power panels.
  const parentNodes: PathNode[] = [];
  for (const [objectType, bodies] of objects.bodies) {
    const resource = objects.resource(objectType)!;
    const field = parentField(args, resource);
    if (!field) continue;
    for (const body of bodies.values()) if (body[field.name]) parentNodes.push({ objectType: field.target.objectType, id: Number(body[field.name].id) });
  }
  await objects.read(byType(parentNodes));

  // The colours nested objects do not show: the devices' roles' and the circuits' types'.
  const nestedIds = (objectType: string, field: string) => new Set([...(objects.bodies.get(objectType)?.values() ?? [])].flatMap((b) => (b[field] ? [Number(b[field].id)] : [])));
  const colors = new Objects(args);
  const colorTypes = new Map([
    ['dcim.devicerole', nestedIds(DEVICE, 'role')],
    ['circuits.circuittype', nestedIds(CIRCUIT, 'type')],
  ]);
  await colors.read(new Map([...colorTypes].filter(([, ids]) => ids.size)), () => ['id', 'color']);
  const colorsOf = (objectType: string) => new Map([...(colors.bodies.get(objectType) ?? new Map<number, Body>())].map(([id, body]) => [id, text(body.color)]));

  const resolve = new Resolver(args, objects, colorsOf('dcim.devicerole'), colorsOf('circuits.circuittype'), ends);
  return {
    origin: origin ?? segments[0]?.[0][0] ?? null,
    segments: segments.map(([near, links, far]) => ({
      near: near.map((n) => resolve.termination(n)).filter(present),
      links: links.map((n) => resolve.link(n)).filter(present),
      far: far.map((n) => resolve.far(n)).filter(present),
    })),
  };
}
