/**
 * @module
 * A cable path scenario as data, checked through the API only: NetBox's test_cablepaths.py cases
 * (and the bad input) written as a small table of objects, then steps — cables made,
 * deleted, re-terminated or their status changed, circuit terminations added — each followed by
 * every stored path NetBox's test expects at that point, written as NetBox writes them:
 * `(IF1,IF2) C1 FP1 RP1` is `([interface1, interface2], cable1, frontport1, rearport1)`. A step
 * may also be a write refused (NetBox's 400): it must change nothing, stored paths included.
 *
 * After each step the harness reads, for every object of the case:
 * - a path endpoint: `connected_endpoints` (the last step of its path when complete, else null),
 *   `connected_endpoints_type`, `connected_endpoints_reachable` and `trace/` (its path cut into
 *   `[near, cable, far]` segments as NetBox's PathEndpoint.trace() pads them); no path: nothing;
 * - a pass-through object (front/rear port, circuit termination): `paths/`, which must be exactly
 *   the expected paths crossing it, with their node lists and the three flags.
 * The stored paths are global, so each case names its objects under its own prefix (`t201 …`) and
 * reads only those: cases share one app per database.
 */

/** What the harness asks of the app: an API request (the test app's client). */
export interface ApiClient {
  request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

/** What it asks of the test runner: vitest's `expect`, given by the test file (this module is no test). */
export type Expect = (actual: unknown, message?: string) => {
  toEqual(expected: unknown): void;
  toBe(expected: unknown): void;
  toBeDefined(): void;
  toBeLessThan(n: number): void;
  toBeLessThanOrEqual(n: number): void;
};

/** One node, or the nodes of one end of a cable. */
export type Names = string | string[];

/** A cable: its A and B ends, and more fields (`status`). */
export type CableSpec = [a: Names, b: Names, extra?: Record<string, unknown>];

/** A circuit termination: its circuit, side, and the site or provider network it terminates to. */
export type CircuitEnd = [circuit: string, side: 'A' | 'Z', to: string];

/** A front port: its one rear port and position (front position 1), or several positions' mappings. */
export type FrontPortSpec = [rear: string, rearPosition: number] | { positions: number; map: [position: number, rear: string, rearPosition: number][] };

export interface Topology {
  interfaces?: string[];
  consolePorts?: string[];
  consoleServerPorts?: string[];
  powerPorts?: string[];
  powerOutlets?: string[];
  powerFeeds?: string[];
  /** Rear ports and their positions. */
  rearPorts?: Record<string, number>;
  frontPorts?: Record<string, FrontPortSpec>;
  /** Ports on a second device (NetBox's `Test mid-span Device`) instead of the case's device. */
  otherDevice?: string[];
  /** Sites besides the case's own `SITE`, and provider networks. */
  sites?: string[];
  providerNetworks?: string[];
  circuits?: string[];
  circuitTerminations?: Record<string, CircuitEnd>;
}

export interface ExpectedPath {
  /** The node lists: names separated by spaces, a list of several as `(A,B)`. */
  path: string;
  active: boolean;
  complete: boolean;
  split: boolean;
  /** The origins keep the path they had before the step (NetBox's `assertPathIsSet(origin, path)` with an earlier path). */
  kept?: boolean;
}

export interface Step {
  /** What is done, in this order. */
  terminate?: Record<string, CircuitEnd>;
  create?: Record<string, CableSpec>;
  status?: Record<string, string>;
  reterminate?: Record<string, { a?: Names; b?: Names }>;
  /** Front ports mapped anew: `[front position, rear port, rear position]` each. */
  remap?: Record<string, [position: number, rear: string, rearPosition: number][]>;
  remove?: string[];
  /** The write is refused with this answer (its body may name the case's ids); nothing changes (`paths` default to the previous step's). */
  refused?: { status: number; body: unknown | ((id: (name: string) => number) => unknown) };
  /** Every stored path among the case's objects afterwards. */
  paths?: ExpectedPath[];
}

export interface Case {
  /** NetBox's test (`test_201_single_path_via_pass_through`), or what the case shows. */
  name: string;
  /** The objects' names prefix: unique per case. */
  prefix: string;
  topology: Topology;
  steps: Step[];
}

const flags = (complete: boolean, active: boolean, split: boolean) => (path: string): ExpectedPath => ({ path, complete, active, split });
/** A complete, active path. */
export const complete = flags(true, true, false);
/** An incomplete path (it ends at a pass-through port, a site, or nothing). */
export const partial = flags(false, true, false);
/** A split path: incomplete, ended where the way on is not known. */
export const split = flags(false, true, true);
/** A complete path through a cable that is not connected. */
export const inactive = flags(true, false, false);
/** The same path object as before the step. */
export const kept = (path: ExpectedPath): ExpectedPath => ({ ...path, kept: true });

interface Kind {
  resource: string;
  endpoint: boolean;
  passThrough: boolean;
}
const kind = (resource: string, endpoint = false, passThrough = false): Kind => ({ resource, endpoint, passThrough });
const KINDS = {
  interfaces: kind('dcim/interfaces', true),
  consolePorts: kind('dcim/console-ports', true),
  consoleServerPorts: kind('dcim/console-server-ports', true),
  powerPorts: kind('dcim/power-ports', true),
  powerOutlets: kind('dcim/power-outlets', true),
  powerFeeds: kind('dcim/power-feeds', true),
  rearPorts: kind('dcim/rear-ports', false, true),
  frontPorts: kind('dcim/front-ports', false, true),
  circuitTerminations: kind('circuits/circuit-terminations', false, true),
  cables: kind('dcim/cables'),
  sites: kind('dcim/sites'),
  providerNetworks: kind('circuits/provider-networks'),
};
const OBJECT_TYPES: Record<string, string> = {
  'dcim/interfaces': 'dcim.interface',
  'dcim/console-ports': 'dcim.consoleport',
  'dcim/console-server-ports': 'dcim.consoleserverport',
  'dcim/power-ports': 'dcim.powerport',
  'dcim/power-outlets': 'dcim.poweroutlet',
  'dcim/power-feeds': 'dcim.powerfeed',
  'dcim/rear-ports': 'dcim.rearport',
  'dcim/front-ports': 'dcim.frontport',
  'circuits/circuit-terminations': 'circuits.circuittermination',
  'circuits/provider-networks': 'circuits.providernetwork',
};

/** The objects shared by every case of an app: what a device, a circuit need. */
export interface Shared {
  deviceType: number;
  role: number;
  provider: number;
  circuitType: number;
}

export async function prepare(api: ApiClient): Promise<Shared> {
  const post = poster(api);
  const manufacturer = (await post('dcim/manufacturers', { name: 'Generic', slug: 'generic' })).id;
  return {
    deviceType: (await post('dcim/device-types', { manufacturer, model: 'Test Device', slug: 'test-device' })).id,
    role: (await post('dcim/device-roles', { name: 'Device Role', slug: 'device-role' })).id,
    provider: (await post('circuits/providers', { name: 'Provider', slug: 'provider' })).id,
    circuitType: (await post('circuits/circuit-types', { name: 'Circuit Type', slug: 'circuit-type' })).id,
  };
}

function poster(api: ApiClient) {
  return async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/${path}/`, body);
    if (r.status !== 201) throw new Error(`POST ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
}

/** `A (B,C) D ()` → [[A], [B, C], [D], []] (`()`: a cable end with nothing left on it). */
export function parsePath(text: string): string[][] {
  return text.trim().split(/\s+/).map((token) => (token === '()' ? [] : token.startsWith('(') ? token.slice(1, -1).split(',') : [token]));
}

const showPath = (steps: string[][]) => steps.map((s) => (s.length === 1 ? s[0] : `(${s.join(',')})`)).join(' ');

/** NetBox's PathEndpoint.trace() over one path: padded to whole `[near, link, far]` segments, cut at the first with no near end. */
export function traceOf(steps: string[][]): [string[], string | null, string[]][] {
  const path = steps.map((s) => [...s]);
  if (path.length % 3 === 1) path.push([], []);
  else if (path.length % 3 === 2) path.splice(path.length - 1, 0, []);
  const segments: [string[], string | null, string[]][] = [];
  for (let i = 0; i + 2 < path.length; i += 3) {
    if (!path[i].length) break;
    segments.push([path[i], path[i + 1][0] ?? null, path[i + 2]]);
  }
  return segments;
}

const asList = (names: Names) => (Array.isArray(names) ? names : [names]);

/** Builds a case's objects and checks each of its steps. */
export async function runCase(api: ApiClient, shared: Shared, c: Case, expect: Expect): Promise<void> {
  const post = poster(api);
  const objects = new Map<string, { kind: Kind; id: number }>();
  const byUrl = new Map<string, string>();
  const add = (name: string, k: Kind, id: number) => {
    objects.set(name, { kind: k, id });
    byUrl.set(`${k.resource}/${id}`, name);
  };
  const t = c.topology;
  const mappings = (map: readonly (readonly [number, string, number])[]) => map.map(([position, rear, rearPosition]) => ({ position, rear_port: objects.get(rear)!.id, rear_port_position: rearPosition }));
  const p = c.prefix;

  const site = (await post('dcim/sites', { name: `${p} Site`, slug: `${p}-site` })).id;
  add('SITE', KINDS.sites, site);
  for (const name of t.sites ?? []) add(name, KINDS.sites, (await post('dcim/sites', { name: `${p} ${name}`, slug: `${p}-${name}`.toLowerCase() })).id);
  const device = async (name: string) => (await post('dcim/devices', { name, device_type: shared.deviceType, role: shared.role, site })).id;
  const main = await device(`${p} Test Device`);
  const other = t.otherDevice?.length ? await device(`${p} Test mid-span Device`) : null;
  const deviceOf = (name: string) => (t.otherDevice?.includes(name) ? other : main);
  const component = async (group: keyof typeof KINDS, name: string, extra: Record<string, unknown> = {}) =>
    add(name, KINDS[group], (await post(KINDS[group].resource, { device: deviceOf(name), name, ...extra })).id);

  for (const name of t.interfaces ?? []) await component('interfaces', name, { type: '1000base-t' });
  for (const name of t.consolePorts ?? []) await component('consolePorts', name);
  for (const name of t.consoleServerPorts ?? []) await component('consoleServerPorts', name);
  for (const name of t.powerPorts ?? []) await component('powerPorts', name);
  for (const name of t.powerOutlets ?? []) await component('powerOutlets', name);
  if (t.powerFeeds?.length) {
    const panel = (await post('dcim/power-panels', { site, name: `${p} Power Panel` })).id;
    for (const name of t.powerFeeds) add(name, KINDS.powerFeeds, (await post('dcim/power-feeds', { power_panel: panel, name })).id);
  }
  for (const [name, positions] of Object.entries(t.rearPorts ?? {})) await component('rearPorts', name, { type: '8p8c', positions });
  for (const [name, spec] of Object.entries(t.frontPorts ?? {})) {
    const { positions, map } = Array.isArray(spec) ? { positions: 1, map: [[1, spec[0], spec[1]] as const] } : spec;
    await component('frontPorts', name, { type: '8p8c', positions, rear_ports: mappings(map) });
  }
  for (const name of t.providerNetworks ?? []) add(name, KINDS.providerNetworks, (await post('circuits/provider-networks', { provider: shared.provider, name: `${p} ${name}` })).id);
  const circuits = new Map<string, number>();
  for (const cid of t.circuits ?? []) circuits.set(cid, (await post('circuits/circuits', { cid: `${p} ${cid}`, provider: shared.provider, type: shared.circuitType })).id);
  const terminate = async (name: string, [circuit, side, to]: CircuitEnd) => {
    const target = objects.get(to)!;
    const type = target.kind === KINDS.sites ? 'dcim.site' : 'circuits.providernetwork';
    add(name, KINDS.circuitTerminations, (await post('circuits/circuit-terminations', { circuit: circuits.get(circuit), term_side: side, termination_type: type, termination_id: target.id })).id);
  };
  for (const [name, end] of Object.entries(t.circuitTerminations ?? {})) await terminate(name, end);

  const ends = (names: Names) => asList(names).map((n) => {
    const o = objects.get(n);
    if (!o) throw new Error(`${c.name}: no object ${n}`);
    return { object_type: OBJECT_TYPES[o.kind.resource], object_id: o.id };
  });
  const url = (name: string) => `/api/${objects.get(name)!.kind.resource}/${objects.get(name)!.id}/`;
  /** A nested object's name in the case (by its URL), or its URL when it is none of the case's. */
  const nameOf = (nested: { url?: string } | null | undefined) => {
    const path = new URL(nested?.url ?? 'http://x/').pathname.replace(/^\/api\//, '').replace(/\/$/, '');
    return byUrl.get(path) ?? `?${path}`;
  };
  const get = async (path: string) => {
    const r = await api.request('GET', path);
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  let expected: ExpectedPath[] = [];
  let pathIds = new Map<string, number>();
  for (const [index, step] of c.steps.entries()) {
    const at = `${c.name}, step ${index + 1}`;
    const answers: { status: number; body: unknown }[] = [];
    const write = async (method: string, path: string, body?: unknown) => answers.push(await api.request(method, path, body));
    if (step.refused) {
      // One write, refused: the objects it names keep the cable they had.
      const named = [...Object.values(step.create ?? {}).flatMap(([a, b]) => [...asList(a), ...asList(b)]), ...Object.values(step.reterminate ?? {}).flatMap((s) => [...asList(s.a ?? []), ...asList(s.b ?? [])])];
      const cables = async () => Promise.all(named.map(async (name) => (await get(url(name))).cable?.id ?? null));
      const before = await cables();
      for (const [name, [a, b, extra]] of Object.entries(step.create ?? {})) await write('POST', '/api/dcim/cables/', { label: `${p} ${name}`, a_terminations: ends(a), b_terminations: ends(b), ...extra });
      for (const [name, spec] of Object.entries(step.reterminate ?? {})) {
        await write('PATCH', url(name), { ...(spec.a ? { a_terminations: ends(spec.a) } : {}), ...(spec.b ? { b_terminations: ends(spec.b) } : {}) });
      }
      for (const [name, map] of Object.entries(step.remap ?? {})) await write('PATCH', url(name), { rear_ports: mappings(map) });
      const { status, body } = step.refused;
      expect(answers.map((a) => ({ status: a.status, body: a.body })), at).toEqual([{ status, body: typeof body === 'function' ? body((n: string) => objects.get(n)!.id) : body }]);
      expect(await cables(), `${at}: the cables of ${named.join(', ')}`).toEqual(before);
    } else {
      for (const [name, end] of Object.entries(step.terminate ?? {})) await terminate(name, end);
      for (const [name, [a, b, extra]] of Object.entries(step.create ?? {})) {
        const r = await api.request('POST', '/api/dcim/cables/', { label: `${p} ${name}`, a_terminations: ends(a), b_terminations: ends(b), ...extra });
        if (r.status !== 201) throw new Error(`${at}: cable ${name}: ${r.status} ${JSON.stringify(r.body)}`);
        add(name, KINDS.cables, r.body.id);
      }
      for (const [name, status] of Object.entries(step.status ?? {})) await write('PATCH', url(name), { status });
      for (const [name, spec] of Object.entries(step.reterminate ?? {})) {
        await write('PATCH', url(name), { ...(spec.a ? { a_terminations: ends(spec.a) } : {}), ...(spec.b ? { b_terminations: ends(spec.b) } : {}) });
      }
      for (const [name, map] of Object.entries(step.remap ?? {})) await write('PATCH', url(name), { rear_ports: mappings(map) });
      for (const name of step.remove ?? []) {
        await write('DELETE', url(name));
        objects.delete(name);
      }
      for (const answer of answers) expect(answer.status, `${at}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    }
    if (step.paths) expected = step.paths;
    else if (!step.refused) throw new Error(`${at}: no paths expected`);

    const wanted = expected.map((e) => ({ ...e, steps: parsePath(e.path) }));
    for (const e of wanted) {
      for (const name of e.steps.flat()) if (!objects.has(name)) throw new Error(`${at}: path names ${name}, no object of the case`);
    }

    // Path endpoints: what they show of their path, and their trace.
    for (const [name, o] of objects) {
      if (!o.kind.endpoint) continue;
      const own = wanted.filter((e) => e.steps[0].includes(name));
      expect(own.length, `${at}: ${name} is the origin of one path at most`).toBeLessThanOrEqual(1);
      const path = own[0];
      const body = await get(url(name));
      const trace = (await get(`${url(name)}trace/`)).map(([near, link, far]: any[]) => [near.map(nameOf), Array.isArray(link) || !link ? null : nameOf(link), far.map(nameOf)]);
      const last = path?.steps[path.steps.length - 1];
      expect({
        connected_endpoints: body.connected_endpoints?.map(nameOf) ?? null,
        connected_endpoints_type: body.connected_endpoints_type,
        connected_endpoints_reachable: body.connected_endpoints_reachable,
        trace,
      }, `${at}: ${name}`).toEqual({
        connected_endpoints: path?.complete ? last : null,
        connected_endpoints_type: path?.complete ? OBJECT_TYPES[objects.get(last![0])!.kind.resource] : null,
        connected_endpoints_reachable: !!path && path.complete && path.active,
        trace: path ? traceOf(path.steps) : [],
      });
    }

    // Pass-through objects: the stored paths crossing each, as `paths/` lists them.
    const ids = new Map<string, number>();
    for (const [name, o] of objects) {
      if (!o.kind.passThrough) continue;
      const rows: any[] = await get(`${url(name)}paths/`);
      const shown = rows.map((row) => {
        const text = showPath(row.path.map((nodes: any[]) => nodes.map(nameOf)));
        ids.set(text.split(' ')[0], row.id);
        return { path: text, active: row.is_active, complete: row.is_complete, split: row.is_split };
      });
      const through = wanted.filter((e) => e.steps.flat().includes(name)).map((e) => ({ path: showPath(e.steps), active: e.active, complete: e.complete, split: e.split }));
      const order = (list: typeof through) => [...list].sort((x, y) => x.path.localeCompare(y.path));
      expect(order(shown), `${at}: paths/ of ${name}`).toEqual(order(through));
    }
    for (const e of wanted.filter((w) => w.kept)) {
      const origin = showPath([e.steps[0]]);
      expect(pathIds.get(origin), `${at}: the path from ${origin} crosses a pass-through (its id is read from paths/)`).toBeDefined();
      expect(ids.get(origin), `${at}: the path from ${origin} is the one it had`).toBe(pathIds.get(origin));
    }
    pathIds = ids;
  }
}
